import { useSyncExternalStore } from 'react';

/**
 * The small common-data store of the spec. `notificationIsShow` (default true) says whether the update banner is
 * shown. It lives for the browser tab (sessionStorage), so a dismissed banner stays dismissed across reloads.
 */
export interface CommonData {
  notificationIsShow: boolean;
}

const STORAGE_KEY = 'commonData';
const listeners = new Set<() => void>();

function load(): CommonData {
  const defaults: CommonData = { notificationIsShow: true };
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return defaults;
    const parsed = JSON.parse(raw) as Partial<CommonData>;
    return { notificationIsShow: parsed.notificationIsShow !== false };
  } catch {
    return defaults;
  }
}

let state: CommonData = load();

export function getCommonData(): CommonData {
  return state;
}

export function setCommonData(patch: Partial<CommonData>): void {
  state = { ...state, ...patch };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage unavailable: keep it in memory
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCommonData(): CommonData {
  return useSyncExternalStore(subscribe, getCommonData, getCommonData);
}
