/** Sends text messages. Development keeps them in an outbox; production posts to an SMS gateway. */
export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  send(to: string, text: string): Promise<void>;
}

export interface OutboxEntry {
  to: string;
  text: string;
  sentAt: string;
}
