declare module 'virtual:locales' {
  /** Each language's locale parts, each its own chunk (scripts/locale-parts.ts). */
  export const loaders: Record<
    string,
    Record<string, (() => Promise<{ default: Record<string, unknown> }>) | undefined> | undefined
  >;
}
