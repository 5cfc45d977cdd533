/**
 * Answers of customer service (`/api/cs/*`; api/cs/): the public notices and guides, and the
 * member's own inquiries and reports with their files (api/attachments/attachments.ts).
 */
import * as v from 'valibot';
import { instant, int, listPage } from './fields.ts';

/** A page of a customer-service list: `listPage()` with the count of all. */
function csPage<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ ...listPage(item).entries, total: int });
}

/** The type of a `csPage()` answer. */
export interface CsPage<T> {
  list: T[];
  total: number;
  offset: number;
  limit: number;
}

/** A file sent with an inquiry, a report or a board post (`attachmentsOf()`); `url` downloads it. */
export const attachment = v.object({ id: int, name: v.string(), mime: v.string(), size: int, url: v.string() });
export type Attachment = v.InferOutput<typeof attachment>;

/** A line of `GET /api/cs/notice-list` and `/api/cs/develop-notice-list` (api/cs/notices.ts). */
export const csNotice = v.object({ noticeId: int, title: v.string(), content: v.string(), createdAt: instant });
export type CsNotice = v.InferOutput<typeof csNotice>;
export const csNoticePage = csPage(csNotice);

/** `POST /api/cs/notice-post` (201, operators). */
export const csNoticeMade = v.object({ noticeId: int, kind: v.picklist(['notice', 'develop']) });
export type CsNoticeMade = v.InferOutput<typeof csNoticeMade>;

/** A line of `GET /api/cs/guide-list` (api/cs/guides.ts). */
export const guide = v.object({ guideId: int, title: v.string(), content: v.string(), createdAt: instant });
export type Guide = v.InferOutput<typeof guide>;

/** `GET /api/cs/guide-list?title`: the page, and the title searched for ('' for all). */
export const guidePage = v.object({ ...csPage(guide).entries, title: v.string() });
export type GuidePage = v.InferOutput<typeof guidePage>;

/** An inquiry of the caller's (api/cs/inquiry.ts). */
export const inquiry = v.object({
  inquiryId: int,
  category: v.string(),
  title: v.string(),
  content: v.string(),
  status: v.picklist(['waiting', 'answered']),
  answer: v.nullable(v.string()),
  answeredAt: v.nullable(instant),
  createdAt: instant,
  attachments: v.array(attachment),
});
export type Inquiry = v.InferOutput<typeof inquiry>;

/** `GET /api/cs/inquiry-list`. */
export const inquiryPage = csPage(inquiry);
export type InquiryPage = v.InferOutput<typeof inquiryPage>;

/** `GET /v2/api/cs/inquiry-list`: the same page and whether another follows. */
export const inquiryScroll = v.object({ ...inquiryPage.entries, hasNext: v.boolean() });
export type InquiryScroll = v.InferOutput<typeof inquiryScroll>;

/** `POST /api/cs/inquiry-post` (201): the inquiry and how many files it took. */
export const inquirySent = v.object({ inquiryId: int, attachments: int });
export type InquirySent = v.InferOutput<typeof inquirySent>;

/** `POST /api/cs/inquiry-answer/{id}` (operators). */
export const inquiryAnswered = v.object({ inquiryId: int, status: v.literal('answered') });
export type InquiryAnswered = v.InferOutput<typeof inquiryAnswered>;

/** A report of the caller's (api/cs/declaration.ts). */
export const declaration = v.object({
  declarationId: int,
  category: v.string(),
  targetLoginId: v.string(),
  content: v.string(),
  status: v.string(),
  createdAt: instant,
  attachments: v.array(attachment),
});
export type Declaration = v.InferOutput<typeof declaration>;

/** `GET /api/cs/declaration-list`. */
export const declarationPage = csPage(declaration);
export type DeclarationPage = v.InferOutput<typeof declarationPage>;

/** `POST /api/cs/declaration-post` (201): the report and how many files it took. */
export const declarationSent = v.object({ declarationId: int, attachments: int });
export type DeclarationSent = v.InferOutput<typeof declarationSent>;

/** `DELETE /api/cs/inquiry-delete/{id}` and `/api/cs/declaration-delete/{id}`: the id deleted. */
export const csRecordDeleted = v.object({ deleted: int });
export type CsRecordDeleted = v.InferOutput<typeof csRecordDeleted>;
