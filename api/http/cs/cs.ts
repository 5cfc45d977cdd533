/** Customer service and channel boards, mounted at /api/cs (and /v2/api/cs for the v2 inquiry list). */
import { Hono } from 'hono';
import type { ApiEnv } from '../../app-env.ts';
import { boardCommentRoutes } from './board-comments.ts';
import { boardRoutes } from './boards.ts';
import { boardSettingRoutes } from './boards-settings.ts';
import { boardWriteRoutes } from './boards-write.ts';
import { attachmentRoutes } from './cs-attachments.ts';
import { declarationRoutes } from './declaration.ts';
import { guideRoutes } from './guides.ts';
import { inquiryRoutes, inquiryRoutesV2 } from './inquiry.ts';
import { noticeRoutes } from './notices.ts';

export const csRoutes = new Hono<ApiEnv>()
  .route('/', inquiryRoutes)
  .route('/', declarationRoutes)
  .route('/', noticeRoutes)
  .route('/', guideRoutes)
  .route('/', boardRoutes)
  .route('/', boardWriteRoutes)
  .route('/', boardCommentRoutes)
  .route('/', boardSettingRoutes)
  .route('/attachments', attachmentRoutes);

export const csRoutesV2 = new Hono<ApiEnv>().route('/', inquiryRoutesV2);
