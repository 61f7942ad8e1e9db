/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the catalogue API when it is not the app's own origin. */
  readonly VITE_API_BASE?: string;
  /** Request timeout in milliseconds (default 30,000). */
  readonly VITE_API_TIMEOUT_MS?: string;
  /** Most rows one list loads (by default from the device's memory: src/api/row-cap.ts). */
  readonly VITE_ROW_CAP?: string;
  /** A collection's public page; `{id}` is replaced. */
  readonly VITE_COLLECTION_PAGE_PATTERN?: string;
  /** A seed's archived captures; `{collection}` and `{url}` are replaced. */
  readonly VITE_CAPTURES_PATTERN?: string;
  /** A press item's image; `{image}` is replaced by the file name. */
  readonly VITE_PRESS_IMAGE_PATTERN?: string;
}
