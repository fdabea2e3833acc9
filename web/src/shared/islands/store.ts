import type { ReactNode } from 'react';

/** A part of a page drawn with Chakra, into a placeholder the page rendered without it. */
export interface IslandEntry {
  element: HTMLElement;
  node: ReactNode;
  /** Chakra colour palette of the island (the page around it sets the side's colours in CSS). */
  palette?: string;
  loadingText: string;
}

interface IslandState {
  islands: ReadonlyArray<readonly [string, IslandEntry]>;
  /** Whether toasts are wanted though no island is: a toast was asked for, or a form may soon ask. */
  toasts: boolean;
}

let state: IslandState = { islands: [], toasts: false };
const listeners = new Set<() => void>();
const emit = (next: IslandState) => {
  state = next;
  listeners.forEach((notify) => notify());
};

export const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => {
    listeners.delete(notify);
  };
};
export const getState = () => state;

export function setIsland(id: string, entry: IslandEntry | null) {
  const others = state.islands.filter(([key]) => key !== id);
  emit({ ...state, islands: entry ? [...others, [id, entry]] : others });
}

/** Loads the toast region ahead of need, e.g. when a visitor starts filling a form that reports by toast. */
export function wantToasts() {
  if (!state.toasts) emit({ ...state, toasts: true });
}

/** Islands the host has drawn: their placeholders drop their reserved height. */
const ready = new Set<string>();
const readyListeners = new Map<string, () => void>();
export function markReady(id: string) {
  ready.add(id);
  readyListeners.get(id)?.();
}
export function onReady(id: string, notify: () => void) {
  if (ready.has(id)) notify();
  readyListeners.set(id, notify);
  return () => {
    readyListeners.delete(id);
    ready.delete(id);
  };
}
