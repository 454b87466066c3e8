// The formats a webhook is sent in (a word of the domain, defined once): Discord's message, or a
// plain JSON object with the event's time, kind and message.
export { WEBHOOK_FORMATS, type WebhookFormat } from '../contract/vocabulary.js';
