/* FirstGoal's push handling, loaded into the service worker with importScripts (vite.config.ts).
 * The server sends { title, body, url, tag, lang, kickoffAt } (src/server/push/send.ts); the body
 * may hold {time}, which becomes the first kick-off in this device's own time zone and language. */

const kickoffText = (iso, lang) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(lang || undefined, {
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
};

self.addEventListener('push', (event) => {
  const read = () => {
    try {
      return event.data ? event.data.json() : {};
    } catch {
      return { body: event.data ? event.data.text() : '' };
    }
  };
  const message = read();
  const body = String(message.body || '').replace(
    '{time}',
    message.kickoffAt ? kickoffText(message.kickoffAt, message.lang) : '',
  );
  event.waitUntil(
    self.registration.showNotification(message.title || 'FirstGoal', {
      body,
      lang: message.lang || undefined,
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  );
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      // navigate() works only on a page this worker controls; otherwise open a new one.
      if (open)
        return open
          .navigate(target.href)
          .then((w) => (w || open).focus())
          .catch(() => self.clients.openWindow(target.href));
      return self.clients.openWindow(target.href);
    }),
  );
});
