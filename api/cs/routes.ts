/** Customer service under /api/cs: inquiries (and the /v2/api/cs inquiry list), reports, notices, guides. */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { declarationRoutes } from './declaration-routes.ts';
import { guideRoutes } from './guides-routes.ts';
import { inquiryRoutes, inquiryRoutesV2 } from './inquiry-routes.ts';
import { noticeRoutes } from './notices-routes.ts';

export const csRoutes = new Hono<ApiEnv>()
  .route('/api/cs', inquiryRoutes)
  .route('/api/cs', declarationRoutes)
  .route('/api/cs', noticeRoutes)
  .route('/api/cs', guideRoutes)
  .route('/v2/api/cs', inquiryRoutesV2);
