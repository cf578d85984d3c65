import {
  contactBody,
  contactSubjects,
  type ContactBody,
  type ContactSubject,
} from '../../domain/contact';

/** The signed-in person, when there is one: their name and e-mail prefill the form. */
export interface ContactViewer {
  name: string;
  email: string;
  isAnonymous: boolean;
}

export interface ContactValues {
  name: string;
  email: string;
  subject: ContactSubject | '';
  message: string;
}

export type ContactField = keyof ContactValues;
/** Keys under `contact.validation`. */
export type ContactErrors = Partial<Record<ContactField, string>>;

export const emptyValues: ContactValues = { name: '', email: '', subject: '', message: '' };

export const isContactSubject = (value: string | null): value is ContactSubject =>
  value !== null && (contactSubjects as readonly string[]).includes(value);

/** What an account contributes: guests have no real name or address to offer. */
export const accountValues = (
  viewer: ContactViewer | null,
): Pick<ContactValues, 'name' | 'email'> =>
  viewer && !viewer.isAnonymous
    ? { name: viewer.name, email: viewer.email }
    : { name: '', email: '' };

/** The query string (`?name=&email=&subject=&message=`, spec §2.16) wins over the account. */
export const initialValues = (
  search: URLSearchParams,
  viewer: ContactViewer | null,
): ContactValues => {
  const account = accountValues(viewer);
  const subject = search.get('subject');
  return {
    name: search.get('name') ?? account.name,
    email: search.get('email') ?? account.email,
    subject: isContactSubject(subject) ? subject : '',
    message: search.get('message') ?? '',
  };
};

/** The server's own schema decides; each field gets the key of its first problem. */
export const validate = (
  values: ContactValues,
): { data: ContactBody; errors: null } | { data: null; errors: ContactErrors } => {
  const parsed = contactBody.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (!field || errors[field]) continue;
    const tooLong = issue.code === 'too_big';
    errors[field] =
      field === 'name' && tooLong
        ? 'nameTooLong'
        : field === 'message' && tooLong
          ? 'messageTooLong'
          : field;
  }
  return { data: null, errors };
};
