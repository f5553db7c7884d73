import { describe, expect, it } from 'vitest';
import { afterLoginUrl, loginUrl, returnTarget, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('accepts site paths with query and hash', () => {
    expect(safeRedirect('/en/lab/res?id=7#x')).toBe('/en/lab/res?id=7#x');
  });
  it('refuses anything that could leave the site', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'lab', '', undefined, 42]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});

describe('returnTarget', () => {
  it('keeps an ordinary page as it is', () => {
    expect(returnTarget('/lab/hist?page=2')).toBe('/lab/hist?page=2');
  });
  it('strips earlier login redirect prefixes, however deep', () => {
    const once = '/login?redirect=' + encodeURIComponent('/lab/hist');
    const twice = '/en/login?redirect=' + encodeURIComponent(once);
    expect(returnTarget(once)).toBe('/lab/hist');
    expect(returnTarget(twice)).toBe('/lab/hist');
  });
  it('unwraps the change-password page too, and gives nothing when no page is left', () => {
    expect(returnTarget('/updatePassword?email=a%40b.c&redirect=%2Fen%2Fblast%2Fhist')).toBe('/en/blast/hist');
    expect(returnTarget('/login')).toBeNull();
    expect(returnTarget('/login?redirect=https%3A%2F%2Fevil.example')).toBeNull();
  });
});

describe('loginUrl', () => {
  it('points at the login page of the locale with an encoded way back', () => {
    expect(loginUrl('zh', '/lab/res?id=1')).toBe('/login?redirect=%2Flab%2Fres%3Fid%3D1');
    expect(loginUrl('en', '/en/blast/hist')).toBe('/en/login?redirect=%2Fen%2Fblast%2Fhist');
  });
  it('does not nest a redirect when already on the login page', () => {
    expect(loginUrl('zh', '/login?redirect=%2Flab%2Fhist')).toBe('/login?redirect=%2Flab%2Fhist');
    expect(loginUrl('en', '/en/login')).toBe('/en/login');
    expect(loginUrl('zh')).toBe('/login');
  });
});

describe('afterLoginUrl', () => {
  it('goes to the requested page, else home', () => {
    expect(afterLoginUrl('/en/lab/hist', 'en')).toBe('/en/lab/hist');
    expect(afterLoginUrl(null, 'en')).toBe('/en');
    expect(afterLoginUrl('//evil.example', 'zh')).toBe('/');
  });
});
