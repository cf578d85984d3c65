import { i18nReady, loadLocaleParts } from '../../src/web/i18n/i18n';

// The web app renders once its language is loaded (main.tsx); component tests start after it too,
// with every part of the texts (a page loads the parts it needs with its chunk).
await i18nReady;
await loadLocaleParts(['admin', 'info', 'team']);
