/**
 * Customer service (SPEC §7 Customer service): the public text lists (notices, developer notices,
 * guides with a title search) and the member's own records (1:1 inquiries, reports) with their
 * multipart forms.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { CsNotice, CsPage, Declaration, Guide, Inquiry } from '../../domain/answers/cs.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

export type { Attachment, CsPage, Declaration, Inquiry } from '../../domain/answers/cs.ts';

/** A line of a public text list: a notice (service or developer) or a guide. */
export type CsText = CsNotice | Guide;

/** Records shown per page of every customer-service list (the site's choice; the API takes up to PAGE_LIMIT_MAX). */
export const CS_PAGE_LIMIT = 10;

export type TextKind = 'notice' | 'develop' | 'guide';

export interface TextListState {
  offset: number;
  /** The guide title searched for ('' for all). */
  search: string;
  page: CsPage<CsText> | null;
  failure: ApiFailure | null;
}

export interface TextList {
  $state: ReadableAtom<TextListState>;
  /** The first page, no search (a tab shown again starts over). */
  open(): Promise<void>;
  /** Shows the page at `offset` of the current search. */
  show(offset: number): Promise<void>;
  /** Guides only: searches titles from the first page ('' shows all). */
  search(title: string): Promise<void>;
}

const TEXT_PATHS: Record<TextKind, string> = {
  notice: '/api/cs/notice-list',
  develop: '/api/cs/develop-notice-list',
  guide: '/api/cs/guide-list',
};

function textList(kind: TextKind): TextList {
  const state = map<TextListState>({ offset: 0, search: '', page: null, failure: null });
  async function read(offset: number, search: string) {
    state.set({ ...state.get(), offset, search });
    const query = { offset, limit: CS_PAGE_LIMIT, ...(search ? { title: search } : {}) };
    const r = await apiResult<CsPage<CsText>>(TEXT_PATHS[kind], { query, silent: true });
    const now = state.get();
    if (now.offset !== offset || now.search !== search) return;
    if (r.ok) state.setKey('page', r.value);
    else state.setKey('failure', r.failure);
  }
  return {
    $state: state,
    open() {
      state.set({ offset: 0, search: '', page: null, failure: null });
      return read(0, '');
    },
    show: (offset) => read(offset, state.get().search),
    search: (title) => read(0, title.trim()),
  };
}

export const csTexts: Record<TextKind, TextList> = {
  notice: textList('notice'),
  develop: textList('develop'),
  guide: textList('guide'),
};

export interface OwnRecordsState<T> {
  offset: number;
  page: CsPage<T> | null;
  /** The list's failure (reading, deleting). */
  failure: ApiFailure | null;
  /** The form's failure; what was typed stays in the form. */
  formFailure: ApiFailure | null;
  /** A record was just sent. */
  sent: boolean;
  busy: boolean;
}

/** A member's own records of one kind: the paged list, the multipart form, delete. */
export interface OwnRecords<T> {
  $state: ReadableAtom<OwnRecordsState<T>>;
  /** The first page, and a clean form state (a tab shown again starts over). */
  open(): Promise<void>;
  show(offset: number): Promise<void>;
  /** Sends the form; true once listed (the list goes back to its first page). */
  send(form: FormData): Promise<boolean>;
  remove(id: number): Promise<void>;
}

function ownRecords<T>(paths: { list: string; post: string; remove: string }): OwnRecords<T> {
  const initial: OwnRecordsState<T> = {
    offset: 0,
    page: null,
    failure: null,
    formFailure: null,
    sent: false,
    busy: false,
  };
  const state = map<OwnRecordsState<T>>(initial);
  async function show(offset: number) {
    state.setKey('offset', offset);
    const r = await apiResult<CsPage<T>>(paths.list, { query: { offset, limit: CS_PAGE_LIMIT }, silent: true });
    if (state.get().offset !== offset) return;
    if (r.ok) state.setKey('page', r.value);
    else state.setKey('failure', r.failure);
  }
  return {
    $state: state,
    open() {
      state.set(initial);
      return show(0);
    },
    show,
    async send(form) {
      state.set({ ...state.get(), formFailure: null, sent: false, busy: true });
      const r = await apiResult(paths.post, { method: 'POST', body: form, silent: true });
      state.set({ ...state.get(), busy: false, sent: r.ok, formFailure: r.ok ? null : r.failure });
      if (r.ok) await show(0);
      return r.ok;
    },
    async remove(id) {
      const r = await apiResult(`${paths.remove}/${id}`, { method: 'DELETE', silent: true });
      if (r.ok) await show(state.get().offset);
      else state.setKey('failure', r.failure);
    },
  };
}

export const inquiries = ownRecords<Inquiry>({
  list: '/v2/api/cs/inquiry-list',
  post: '/api/cs/inquiry-post',
  remove: '/api/cs/inquiry-delete',
});
export const declarations = ownRecords<Declaration>({
  list: '/api/cs/declaration-list',
  post: '/api/cs/declaration-post',
  remove: '/api/cs/declaration-delete',
});
