import { create } from 'zustand';

/** A client error caught by the window handlers or a React error boundary. */
export interface ErrorEntry {
  id: number;
  message: string;
  stack?: string;
  url: string;
  time: number;
  source: 'error' | 'unhandledrejection' | 'react';
}

interface ErrorLogState {
  entries: ErrorEntry[];
  add: (entry: Omit<ErrorEntry, 'id'>) => void;
  clear: () => void;
}

const MAX_ENTRIES = 50;
let nextId = 1;

/** Client errors shown by the top bar's error-log button (newest first, at most 50). */
export const useErrorLog = create<ErrorLogState>((set) => ({
  entries: [],
  add: (entry) => set((s) => ({ entries: [{ ...entry, id: nextId++ }, ...s.entries].slice(0, MAX_ENTRIES) })),
  clear: () => set({ entries: [] }),
}));

/** Record anything thrown (an Error, a string, a rejection reason) with the current page's URL. */
export function recordError(reason: unknown, source: ErrorEntry['source']): void {
  const error = reason instanceof Error ? reason : undefined;
  const message = error?.message || (typeof reason === 'string' ? reason : safeString(reason));
  useErrorLog.getState().add({ message, stack: error?.stack, url: globalThis.location?.href ?? '', time: Date.now(), source });
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}
