import { describe, expect, it } from 'vitest';
import { chooseInitialLocale, rootRedirect, switchLocaleUrl } from './locale';

describe('chooseInitialLocale', () => {
  it('prefers the cookie over the browser language', () => {
    expect(chooseInitialLocale({ cookie: 'en', languages: ['zh-CN'] })).toBe('en');
    expect(chooseInitialLocale({ cookie: 'zh', languages: ['en-US'] })).toBe('zh');
  });
  it('uses the first supported browser language when there is no usable cookie', () => {
    expect(chooseInitialLocale({ languages: ['fr-FR', 'en-GB', 'zh-CN'] })).toBe('en');
    expect(chooseInitialLocale({ cookie: 'de', languages: ['zh-TW', 'en'] })).toBe('zh');
  });
  it('defaults to Chinese', () => {
    expect(chooseInitialLocale({})).toBe('zh');
    expect(chooseInitialLocale({ cookie: null, languages: ['ja-JP', 'ko'] })).toBe('zh');
  });
  it('does not mistake look-alike tags for a language', () => {
    expect(chooseInitialLocale({ languages: ['enx', 'zhuang'] })).toBe('zh');
    expect(chooseInitialLocale({ languages: ['eng', 'en'] })).toBe('en');
  });
});

describe('rootRedirect', () => {
  it('sends an English choice on the root path to /en', () => {
    expect(rootRedirect('/', 'en')).toBe('/en');
  });
  it('leaves every other path, and a Chinese choice, alone', () => {
    expect(rootRedirect('/', 'zh')).toBeNull();
    expect(rootRedirect('/lab', 'en')).toBeNull();
    expect(rootRedirect('/en', 'zh')).toBeNull();
  });
});

describe('switchLocaleUrl', () => {
  it('rewrites the locale prefix and keeps query and hash', () => {
    expect(switchLocaleUrl({ pathname: '/lab/res', search: '?id=3', hash: '#top' }, 'en')).toBe('/en/lab/res?id=3#top');
    expect(switchLocaleUrl({ pathname: '/en/lab/res', search: '?id=3' }, 'zh')).toBe('/lab/res?id=3');
  });
  it('maps the two home pages onto each other', () => {
    expect(switchLocaleUrl({ pathname: '/' }, 'en')).toBe('/en');
    expect(switchLocaleUrl({ pathname: '/en' }, 'zh')).toBe('/');
    expect(switchLocaleUrl({ pathname: '/en/' }, 'zh')).toBe('/');
  });
});
