import { API_MESSAGES } from '@contract/api-messages';
import { NETWORK_ERROR } from '@/lib/api';

type Catalogue = typeof API_MESSAGES;

/**
 * The API's messages by their code, as the server writes them (contract/api-messages.ts), and the one the app says
 * itself when the server cannot be reached. English screens show the server's own message; this table is what every
 * other language translates.
 */
export default {
  ...(API_MESSAGES as { [C in keyof Catalogue]: Catalogue[C] extends string ? string : Catalogue[C] }),
  networkError: NETWORK_ERROR,
};
