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

  /** Newest first, for one number (`+{country}{digits}` or the digits alone) or all. */
  list(phone?: string): OutboxEntry[] {
    const matches = phone ? this.#entries.filter((e) => e.to === phone || e.to.endsWith(phone.replace(/^\+/, ''))) : this.#entries;
    return [...matches].reverse();
  }
}
