import { describe, expect, it } from 'vitest';
import { entityPath, searchUrl } from './search-url';

describe('searchUrl', () => {
  it('trims the keyword and encodes it into k', () => {
    expect(searchUrl('  Escherichia coli ', 'zh')).toBe('/search?k=Escherichia%20coli');
    expect(searchUrl('头孢他啶/阿维巴坦', 'en')).toBe('/en/search?k=%E5%A4%B4%E5%AD%A2%E4%BB%96%E5%95%B6%2F%E9%98%BF%E7%BB%B4%E5%B7%B4%E5%9D%A6');
  });
  it('gives nothing for an empty or blank keyword', () => {
    expect(searchUrl('', 'zh')).toBeNull();
    expect(searchUrl(' \t\n ', 'en')).toBeNull();
  });
});

describe('entityPath', () => {
  it('leads a taxon to its taxon page and a drug to its drug page', () => {
    expect(entityPath({ type: 'taxon', id: 'B_ESCHR_COLI' })).toBe('/resource/taxon/B_ESCHR_COLI');
    expect(entityPath({ type: 'antibiotic', id: 'AMC' })).toBe('/resource/atb/AMC');
    expect(entityPath({ type: 'taxon', id: 'B_[FAM]_ENTRBCTR' })).toBe('/resource/taxon/B_%5BFAM%5D_ENTRBCTR');
  });
  it("leads a resistance gene to its gene page, the allele's parentheses and quotes kept safe", () => {
    expect(entityPath({ type: 'gene', id: 'blaKPC-2' })).toBe('/resource/genes/blaKPC-2');
    expect(entityPath({ type: 'gene', id: "aac(6')-Ib-cr" })).toBe("/resource/genes/aac(6')-Ib-cr");
  });
  it('has no page for an unknown kind or a missing id', () => {
    expect(entityPath({ type: 'breakpoint', id: 'x' })).toBeNull();
    expect(entityPath({ type: 'taxon' })).toBeNull();
  });
});
