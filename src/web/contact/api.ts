import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '../../domain/contact';
import { api, unwrap } from '../lib/api-client';

/** `POST /api/contact`: stores the message and mails it to the team. */
export const useSendContact = () =>
  useMutation({
    mutationFn: (body: ContactBody) => unwrap(api.contact.$post({ json: body })),
  });
