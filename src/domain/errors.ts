/**
 * Stable error codes shared by server and browser. The server answers
 * `{ error: { code, message } }`; the browser translates by `code` (locale key `errors.<code>`)
 * and falls back to the English `message`, which uses the specification's wording.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  ADMIN_ONLY: { status: 403, message: 'Access denied. This page is for administrators only.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state.' },
  TRY_AGAIN: { status: 409, message: 'Many changes arrived at the same moment. Please try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  TOO_MANY_STREAMS: {
    status: 429,
    message:
      'Too many live pages are open from your connection. Close a few tabs and reload this page.',
  },
  TOO_MANY_INVITE_GUESSES: {
    status: 429,
    message:
      'Too many unknown league codes or names from your connection. Please try again in a few minutes.',
  },
  TOO_MANY_GUESTS: {
    status: 429,
    message:
      'Too many guest players were started from your connection. Please sign up with e-mail or try again later.',
  },
  TOO_MANY_SIGN_INS: {
    status: 429,
    message:
      'Too many failed sign-ins for this account. Please try again in 15 minutes or reset your password.',
  },
  TOO_MANY_TWO_FACTOR_CODES: {
    status: 429,
    message: 'Too many wrong codes for this account. Please try again in 15 minutes.',
  },
  SIGN_IN_TO_CREATE_LEAGUE: { status: 401, message: 'Please sign in to create a league' },
  ACCOUNT_REQUIRED: {
    status: 403,
    message: 'Please sign in with an e-mail account to create a league.',
  },
  LEAGUE_NAME_TAKEN: { status: 409, message: 'This league name already exists.' },
  TEAM_NAMES_SAME: { status: 400, message: 'Team names must be different' },
  TEAM_NAME_TAKEN: { status: 409, message: 'This team name is already taken in this league.' },
  NAME_MIXES_SCRIPTS: {
    status: 400,
    message: 'Names may not mix alphabets in one word (for example Latin with Cyrillic).',
  },
  OWN_TEAM_NAME_EXISTS: {
    status: 409,
    message: 'You already have a team with this name in this league',
  },
  INVALID_LEAGUE: { status: 404, message: 'Invalid league code or name.' },
  LEAGUE_NOT_FOUND: { status: 404, message: 'League not found.' },
  TEAM_NOT_FOUND: { status: 404, message: 'Team not found.' },
  WRONG_COMPETITION: { status: 409, message: 'This league is for a different competition' },
  UNKNOWN_COMPETITION: { status: 400, message: 'This competition does not exist.' },
  NOT_LEAGUE_ADMIN: { status: 403, message: 'Only the league admin can do this.' },
  ALREADY_LEAGUE_ADMIN: { status: 409, message: 'You already run this league.' },
  BONUS_NOT_FOUND: { status: 404, message: 'This bonus question does not exist.' },
  BONUS_CLOSED: {
    status: 409,
    message: 'The deadline for this question has passed: answers can no longer change.',
  },
  BONUS_OPEN: {
    status: 409,
    message: 'Answers are open until the deadline: settle the question after it.',
  },
  BONUS_DEADLINE_PAST: { status: 400, message: 'The deadline must be in the future.' },
  BONUS_DEADLINE_FAR: { status: 400, message: 'The deadline can be at most 400 days ahead.' },
  BONUS_UNKNOWN_ANSWER: { status: 400, message: 'Choose one of the options.' },
  BONUS_LIMIT: { status: 409, message: 'A league can ask at most 30 bonus questions a season.' },
  BONUS_NO_CLUBS: {
    status: 409,
    message: "The competition's clubs for this season are not known yet.",
  },
  REMOVED_FROM_LEAGUE: {
    status: 403,
    message: 'You were removed from this league. Ask the league admin to let you back in.',
  },
  BAR_NOT_FOUND: { status: 404, message: 'This player is not barred from the league.' },
  CONFIRM_NAME_MISMATCH: {
    status: 400,
    message: 'Type the league name exactly to confirm deleting it.',
  },
  MEMBERS_ONLY: {
    status: 403,
    message: "Only the league's members can see this.",
  },
  MESSAGE_NOT_FOUND: { status: 404, message: 'This message does not exist.' },
  MESSAGE_GONE: { status: 409, message: 'This message was deleted.' },
  NOT_YOUR_MESSAGE: { status: 403, message: 'You can only change your own messages.' },
  TOO_MANY_MESSAGES: {
    status: 429,
    message: 'You are posting very fast. Please wait a minute before the next message.',
  },
  UNKNOWN_FIXTURE: { status: 404, message: 'This fixture does not exist.' },
  FIXTURE_OTHER_COMPETITION: {
    status: 400,
    message: "This fixture is not part of your league's competition.",
  },
  TBD_FIXTURE: {
    status: 400,
    message: 'Teams to be determined: this fixture cannot be predicted yet.',
  },
  FIXTURE_LOCKED: {
    status: 409,
    message: 'This game has kicked off and your prediction will not count',
  },
  JOKER_LIMIT: { status: 409, message: 'You have used both jokers for this competition.' },
  NOT_YOUR_TEAM: { status: 403, message: 'You can only change your own teams.' },
  PREDICTIONS_HIDDEN: {
    status: 403,
    message: "Other teams' predictions are shown from kick-off, to members of the league.",
  },
  RESULT_BEFORE_KICKOFF: {
    status: 409,
    message:
      'This match has not kicked off yet. A final result needs a kick-off in the past (move the kick-off if the match was brought forward).',
  },
  UNKNOWN_SEASON: { status: 404, message: 'This season does not exist for this competition.' },
  UNKNOWN_ROUND: { status: 404, message: 'This round has no results in this season.' },
  SYNC_RUNNING: { status: 409, message: 'A fixture sync is already running. Try again shortly.' },
  CANNOT_CALCULATE: { status: 400, message: 'Match must be "Final" and have scores entered.' },
  INVALID_RESULT: { status: 400, message: 'This result is not valid.' },
  MISSING_INFORMATION: {
    status: 400,
    message: 'Please fill in all required fields including match time for the new match.',
  },
  COMPETITION_EXISTS: {
    status: 409,
    message: 'A competition with this id or route already exists.',
  },
  CONTACT_RATE_LIMITED: {
    status: 429,
    message: 'You have sent 5 messages in the last hour. Please try again later.',
  },
  CONTACT_FAILED: { status: 500, message: 'Failed to send message. Please try again.' },
  UNSUBSCRIBE_INVALID: { status: 404, message: 'This unsubscribe link is not valid.' },
  PUSH_SUBSCRIPTION_INVALID: {
    status: 400,
    message: 'This browser gave a push subscription the server cannot use.',
  },
  PUSH_ENDPOINT_TAKEN: {
    status: 409,
    message: 'This browser already gets push reminders for another player.',
  },
  CALENDAR_FEED_INVALID: { status: 404, message: 'This calendar link is not valid.' },
  IMPORT_UNREADABLE: { status: 400, message: 'The file could not be read.' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'The service is not available right now.' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; requestId?: string; fields?: Record<string, string> };
}

export const isErrorEnvelope = (value: unknown): value is ErrorEnvelope =>
  typeof value === 'object' &&
  value !== null &&
  'error' in value &&
  typeof (value as { error: unknown }).error === 'object';
