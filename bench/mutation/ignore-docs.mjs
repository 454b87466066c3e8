// A Stryker ignorer: text that only documents (a route's summary, a schema's description or
// example) is not behaviour, and a mutant there would survive every test by design.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const DOC_KEYS = new Set(['summary', 'description', 'example', 'examples', 'what']);

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'docs', {
    shouldIgnore(path) {
      if (path.isObjectProperty?.() && !path.node.computed) {
        const key = path.node.key;
        const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
        if (name && DOC_KEYS.has(name)) return 'documentation text';
      }
      if (path.isCallExpression?.()) {
        const callee = path.node.callee;
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'describe') {
          return 'documentation text';
        }
      }
      return undefined;
    },
  }),
];
