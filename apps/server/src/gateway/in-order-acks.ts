/**
 * PUBACKs of one connection, sent in the order their PUBLISH packets arrived (MQTT-4.6.0-2) however the
 * messages finish: a message whose batch was written early waits for the ones received before it.
 */
export class InOrderAcks {
  private readonly ids: number[] = [];
  private readonly finished = new Set<number>();
  private head = 0;

  constructor(private readonly send: (messageId: number) => void) {}

  /** How many received messages have not been acknowledged yet. */
  get pending() {
    return this.ids.length - this.head;
  }

  received(messageId: number) {
    this.ids.push(messageId);
  }

  /** The message is handled: its PUBACK leaves with those of every earlier message that is handled too. */
  handled(messageId: number) {
    this.finished.add(messageId);
    while (this.head < this.ids.length && this.finished.delete(this.ids[this.head])) this.send(this.ids[this.head++]);
    // The queue is read from `head`; drop what was sent once it is most of the array.
    if (this.head > 1024 && this.head * 2 > this.ids.length) {
      this.ids.splice(0, this.head);
      this.head = 0;
    }
  }
}
