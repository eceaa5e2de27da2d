import { vi } from 'vitest';

/** Installs a recording speechSynthesis and SpeechSynthesisUtterance on the global object. */
export function installFakeSpeech() {
  const spoken: SpeechSynthesisUtterance[] = [];
  const synth = { speak: vi.fn((u: SpeechSynthesisUtterance) => spoken.push(u)), cancel: vi.fn() };
  class Utterance {
    lang = '';
    rate = 1;
    volume = 1;
    constructor(readonly text: string) {}
  }
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  return { synth, spoken, texts: () => spoken.map((u) => u.text) };
}
