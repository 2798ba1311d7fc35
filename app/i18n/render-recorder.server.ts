import type { LightI18n } from './light-i18next';
import { partOfKey } from './text-parts';

export type RecordingI18n = LightI18n & { usedParts: Set<string> };

/**
 * A view of the server's i18n (shared by every request with the same texts) for one render: it
 * notes the parts of the texts the render used, for the page's texts script.
 */
export function recordingView(instance: LightI18n): RecordingI18n {
  const used = new Set<string>();
  const view = Object.create(instance) as RecordingI18n;
  view.usedParts = used;
  view.t = (key, options) => {
    used.add(partOfKey(key));
    return instance.t(key, options);
  };
  view.exists = (key) => {
    used.add(partOfKey(key));
    return instance.exists(key);
  };
  view.partsReady = (parts) => {
    for (const part of parts) used.add(part);
    return null;
  };
  return view;
}
