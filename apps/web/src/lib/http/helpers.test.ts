import { describe, expect, it } from 'vitest';
import {
  apiErrorText,
  classifyResponse,
  isEnvelope,
  isSameOrigin,
  requestKey,
  retryDelayMs,
  shouldRetry,
  shouldToastCode,
  toFormBody,
} from './helpers';

describe('toFormBody', () => {
  it('encodes fields as application/x-www-form-urlencoded', () => {
    const body = toFormBody({ email: 'a+b@x.org', password: 'P@ss w&rd=1' });
    expect(body).toBe('email=a%2Bb%40x.org&password=P%40ss+w%26rd%3D1');
    const back = new URLSearchParams(body);
    expect(back.get('email')).toBe('a+b@x.org');
    expect(back.get('password')).toBe('P@ss w&rd=1');
  });
  it('repeats keys for arrays and leaves out empty values', () => {
    expect(toFormBody({ id: [1, 2], a: undefined, b: null, ok: true })).toBe('id=1&id=2&ok=true');
  });
  it('passes strings and URLSearchParams through and gives an empty body for nothing', () => {
    expect(toFormBody('k=v')).toBe('k=v');
    expect(toFormBody(new URLSearchParams({ kwd: '大肠' }))).toBe('kwd=%E5%A4%A7%E8%82%A0');
    expect(toFormBody(undefined)).toBe('');
  });
});

describe('requestKey', () => {
  it('is the same for the same method, url and body whatever the key order', () => {
    const a = requestKey({ method: 'post', url: '/api/login', data: { email: 'x', password: 'y' } });
    const b = requestKey({ method: 'POST', url: '/api/login', data: { password: 'y', email: 'x' } });
    expect(a).toBe(b);
  });
  it('differs when method, url, query or body differ', () => {
    const base = { method: 'GET', url: '/api/x', params: { page: 1 } };
    const keys = new Set([
      requestKey(base),
      requestKey({ ...base, method: 'POST' }),
      requestKey({ ...base, url: '/api/y' }),
      requestKey({ ...base, params: { page: 2 } }),
      requestKey({ ...base, data: { a: 1 } }),
    ]);
    expect(keys.size).toBe(5);
  });
});

describe('shouldRetry', () => {
  it('retries idempotent calls on network errors and 5xx, at most max times', () => {
    expect(shouldRetry({ method: 'get', status: undefined, retriesDone: 0, max: 3 })).toBe(true);
    expect(shouldRetry({ method: 'GET', status: 503, retriesDone: 2, max: 3 })).toBe(true);
    expect(shouldRetry({ method: 'GET', status: 503, retriesDone: 3, max: 3 })).toBe(false);
    expect(shouldRetry({ method: 'delete', status: 500, retriesDone: 0, max: 3 })).toBe(true);
  });
  it('never retries POST, nor client errors', () => {
    expect(shouldRetry({ method: 'POST', status: undefined, retriesDone: 0, max: 3 })).toBe(false);
    expect(shouldRetry({ method: 'GET', status: 404, retriesDone: 0, max: 3 })).toBe(false);
    expect(shouldRetry({ method: 'GET', status: 401, retriesDone: 0, max: 3 })).toBe(false);
  });
  it('backs off exponentially', () => {
    expect([0, 1, 2].map((n) => retryDelayMs(n, 300))).toEqual([300, 600, 1200]);
  });
});

describe('envelopes and codes', () => {
  it('recognises the envelope', () => {
    expect(isEnvelope({ code: 0, msg: '', data: null })).toBe(true);
    expect(isEnvelope({ code: '0', msg: '' })).toBe(false);
    expect(isEnvelope({ statusCode: 404, message: 'Not Found' })).toBe(false);
    expect(isEnvelope('<!doctype html>')).toBe(false);
  });
  it('toasts every code but success, password expired and account locked', () => {
    expect([0, 2016, 2017].map(shouldToastCode)).toEqual([false, false, false]);
    expect([1000, 1003, 2001, 2002, 2005].map(shouldToastCode)).toEqual([true, true, true, true, true]);
  });
  it('classifies answers', () => {
    const env = { code: 0, msg: 'ok', data: {} };
    expect(classifyResponse(200, env)).toBe('answer');
    expect(classifyResponse(429, { code: 1003, msg: 'slow down', data: null })).toBe('answer');
    expect(classifyResponse(401, { code: 2010, msg: 'login', data: null })).toBe('unauthorized');
    expect(classifyResponse(401, 'nothing')).toBe('unauthorized');
    expect(classifyResponse(500, { code: 1005, msg: 'x', data: null })).toBe('failure');
    expect(classifyResponse(502, '<html>Bad Gateway</html>')).toBe('failure');
    expect(classifyResponse(404, { statusCode: 404 })).toBe('failure');
    // An HTML page where JSON was expected (a proxy's fallback) is a failure too.
    expect(classifyResponse(200, '<!doctype html>')).toBe('failure');
  });
  it('words the API error in both languages', () => {
    expect(apiErrorText(502, 'zh')).toBe('接口错误, 错误码: 502');
    expect(apiErrorText(502, 'en')).toBe('API error, status code: 502');
  });
});

describe('isSameOrigin', () => {
  it('treats relative base URLs as same-origin', () => {
    expect(isSameOrigin('/', 'https://mdc.example.cn')).toBe(true);
    expect(isSameOrigin('/api/', 'http://localhost:3000')).toBe(true);
  });
  it('detects another origin', () => {
    expect(isSameOrigin('https://api.example.cn/', 'https://mdc.example.cn')).toBe(false);
    expect(isSameOrigin('http://localhost:3001', 'http://localhost:3000')).toBe(false);
  });
});
