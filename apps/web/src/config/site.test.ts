import { describe, expect, it } from 'vitest';
import { filingFor } from './site';

const map = { 'mdc.example.cn': '沪ICP备1号', 'example.org': '京ICP备2号', localhost: 'dev', default: '待登记' };

describe('filingFor', () => {
  it('uses the exact host first', () => {
    expect(filingFor('mdc.example.cn', 'zh', map)).toBe('沪ICP备1号');
    expect(filingFor('LOCALHOST', 'zh', map)).toBe('dev');
  });
  it('falls back to a parent domain, then to the default', () => {
    expect(filingFor('www.example.org', 'en', map)).toBe('京ICP备2号');
    expect(filingFor('other.net', 'zh', map)).toBe('待登记');
  });
  it('gives a placeholder in the language of the page, a real number as it is', () => {
    const placeholders = { localhost: { zh: '本地', en: 'local' }, default: '沪ICP备1号' };
    expect(filingFor('localhost', 'en', placeholders)).toBe('local');
    expect(filingFor('localhost', 'zh', placeholders)).toBe('本地');
    expect(filingFor('mdc.example.cn', 'en', placeholders)).toBe('沪ICP备1号');
  });
  it('does not treat inherited object keys or the word default as hosts', () => {
    expect(filingFor('constructor', 'zh', map)).toBe('待登记');
    expect(filingFor('default', 'en', { default: 'x' })).toBe('x');
  });
});
