import type { Client } from 'aedes';

/**
 * The largest MQTT packet the gateway takes: a 16 KiB payload (protocol §3) plus its topic and headers, with
 * room to spare. The embedded broker refuses a larger one; the gateway announces it to an external broker as
 * its MQTT 5 Maximum Packet Size; docs/scale-out.md gives the broker the same limit.
 */
export const MAX_PACKET_BYTES = 20 * 1024;

/** What of mqtt-packet's parser the limit reaches into (aedes keeps one per client as `_parser`). */
interface PacketParser {
  packet: { cmd?: string; length: number };
  _parseLength(): boolean;
  _emitError(err: Error): void;
}

/**
 * Refuses a packet whose fixed header announces more than MAX_PACKET_BYTES as soon as that header is read,
 * before its body arrives: aedes has no limit, and mqtt-packet buffers whatever length a header names (up to
 * 256 MiB), before sign-in too. The parser's error closes the connection (aedes' `connectionError` or
 * `clientError`); `onTooLarge` is told first.
 */
export function limitPacketSize(client: Client, onTooLarge: (packet: { cmd?: string; bytes: number }) => void): void {
  const parser = (client as unknown as { _parser: PacketParser })._parser;
  const parseLength = parser._parseLength;
  parser._parseLength = function (this: PacketParser) {
    const read = parseLength.call(this);
    if (!read || this.packet.length <= MAX_PACKET_BYTES) return read;
    onTooLarge({ cmd: this.packet.cmd, bytes: this.packet.length });
    this._emitError(new Error(`packet of ${this.packet.length} bytes is larger than ${MAX_PACKET_BYTES}`));
    return false;
  };
}
