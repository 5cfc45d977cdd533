import type { OutboxEntry, SmsProvider } from './sms-provider.ts';

/** Development SMS: nothing leaves the machine; `GET /api/dev/sms-outbox?phone=` reads it. */
export class OutboxSms implements SmsProvider {
  readonly kind = 'outbox' as const;
  static readonly MAX_ENTRIES = 1000;
  #entries: OutboxEntry[] = [];

  async send(to: string, text: string): Promise<void> {
    this.#entries.push({ to, text, sentAt: new Date().toISOString() });
    if (this.#entries.length > OutboxSms.MAX_ENTRIES) this.#entries.shift();
  }

  /** Newest first, for one number (`+{country}{digits}`, or the national digits as typed, 010… included) or all. */
  list(phone?: string): OutboxEntry[] {
    const national = (phone ?? '').replace(/^\+/, '').replace(/^0/, '');
    const matches = phone
      ? this.#entries.filter((e) => e.to === phone || (national.length >= 4 && e.to.endsWith(national)))
      : this.#entries;
    return [...matches].reverse();
  }
}
