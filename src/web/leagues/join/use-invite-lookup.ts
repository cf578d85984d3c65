import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { lookupQueryOptions } from '../shared/api';

/**
 * The league an invite link names (`?code=` or `?league=`), looked up once per link; `code` and
 * `name` are undefined when the page was opened without one.
 */
export const useInviteLookup = () => {
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() || undefined;
  const name = params.get('league')?.trim() || undefined;
  const lookup = useQuery({
    ...lookupQueryOptions({ code, league: name }),
    enabled: Boolean(code || name),
    retry: false,
  });
  return { code, name, lookup, setParams };
};
