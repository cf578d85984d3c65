// Account rules without schemas: the web app's pages read these (the request schemas in
// account.ts need zod, which stays out of the pages that do not send a form it checks).

/** What a player types to delete their account (the same word in every language). */
export const deleteConfirmWord = 'DELETE';
