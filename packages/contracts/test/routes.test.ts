import { describe, expect, it } from 'vitest';
import { localizedPath, matchPage, splitLocale } from '@mdc/contracts';

describe('page routes', () => {
  it.each([
    ['/', 'root'],
    ['/en', 'root'],
    ['/en/', 'root'],
    ['/lab/hist', 'lab-hist'],
    ['/en/blast/res', 'blast-res'],
    ['/register/verify', 'register-verify'],
    ['/register/verify/abc123', 'register-verify'],
    ['/en/forgotPassword/recover/xyz', 'forgotPassword-recover'],
    ['/resource/taxon/B_ESCHR_COLI', 'resource-taxon-detail'],
  ])('%s is %s', (path, name) => {
    expect(matchPage(path)?.name).toBe(name);
  });
  it.each(['/nope', '/en/nope', '/lab/hist/extra', '/register/verify/a/b', '/english'])('%s is unknown', (path) => {
    expect(matchPage(path)).toBeUndefined();
  });
  it('splits and builds locale prefixes', () => {
    expect(splitLocale('/en/lab')).toEqual({ locale: 'en', path: '/lab' });
    expect(splitLocale('/lab')).toEqual({ locale: 'zh', path: '/lab' });
    expect(localizedPath('/lab', 'en')).toBe('/en/lab');
    expect(localizedPath('/', 'en')).toBe('/en');
    expect(localizedPath('/lab', 'zh')).toBe('/lab');
  });
  it('marks history and result pages private', () => {
    expect(matchPage('/lab/hist')?.public).toBe(false);
    expect(matchPage('/blast')?.public).toBe(true);
  });
});
