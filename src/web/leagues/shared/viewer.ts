/** Who is looking, as the app shell passes it in (null when signed out). */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  isAnonymous: boolean;
}

/** The display name, or the part of the e-mail before the at sign (specification §2.6). */
export const viewerName = (viewer: Viewer): string =>
  viewer.name.trim() !== '' ? viewer.name : (viewer.email.split('@')[0] ?? viewer.email);
