/** The invite link of a league (specification §2.8): this site's origin + /join?code=CODE. */
export const inviteLinkFor = (code: string, origin = globalThis.location?.origin ?? '') =>
  `${origin}/join?code=${encodeURIComponent(code)}`;

export const standingsLinkFor = (leagueId: string, origin = globalThis.location?.origin ?? '') =>
  `${origin}/league/${encodeURIComponent(leagueId)}/standings`;

/** A messaging-app share link with prefilled text (opened in a new tab). */
export const whatsappUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** Copies text; false when the browser refuses (no permission, insecure context). */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};
