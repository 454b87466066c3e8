// The module web/build/catalogs-plugin.ts serves: a loader per language (and the pseudo-locale).
declare module 'virtual:catalogs' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const catalogs: Record<string, () => Promise<{ default: Record<string, MessageFormatElement[]> }>>;
  export default catalogs;
}
