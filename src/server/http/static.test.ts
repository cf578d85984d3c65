import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppBindings } from '../context';
import { securityHeaders } from '../security/headers';
import { mountSpa, webDistDir } from './static';

// A build as vite.config.ts writes it: hashed assets with brotli and gzip copies beside them.
const dir = mkdtempSync(join(tmpdir(), 'firstgoal-static-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(dir, 'assets/app-abc123.js'), script);
writeFileSync(join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dir, 'assets/app-abc123.js.gz'), gzipSync(script));
writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const app = new Hono<AppBindings>();
app.use('*', securityHeaders());
mountSpa(app, dir);
const get = (path: string, encodings?: string) =>
  app.request(path, { headers: encodings ? { 'Accept-Encoding': encodings } : {} });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('the built web app', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // No document policy on a script (the page carries it); nosniff stays.
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await bytes(response);
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli and the plain file to one without either', async () => {
    const gzipped = await get('/assets/app-abc123.js', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzipped)).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytes(plain)).toString()).toBe(script);
  });

  it('answers client routes with index.html, never cached, and a missing file with 404', async () => {
    const route = await get('/league/abc/standings', 'br');
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('id="root"');
    expect(route.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(route.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await get('/assets/missing-1.js', 'br')).status).toBe(404);
    const icon = await get('/favicon.svg', 'br');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-encoding')).toBeNull();
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('where the server looks for the build', () => {
  it('is the folder vite.config.ts writes: dist/web at the project root', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    expect(webDistDir).toBe(join(root, 'dist/web'));
  });
});
