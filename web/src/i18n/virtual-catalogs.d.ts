// The module web/build/catalogs-plugin.ts serves: per language (and the pseudo-locale), a loader
// of the first page's messages and one of the rest.
declare module 'virtual:catalogs' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  type Load = () => Promise<{ default: Record<string, MessageFormatElement[]> }>;
  const catalogs: Record<string, { first: Load; rest: Load }>;
  export default catalogs;
}
