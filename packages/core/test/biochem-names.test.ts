import { describe, expect, it } from 'vitest';
import { taxonNameParts } from '@mdc/core/identify/biochem';

const styled = (name: string) => taxonNameParts(name).map((p) => (p.italic ? `/${p.text.trim()}/` : p.text.trim())).join(' ');

describe('taxon names set for print', () => {
  it('sets genus and epithets in italics, ranks, serovars and groups in roman', () => {
    expect(styled('Escherichia coli')).toBe('/Escherichia coli/');
    expect(styled('Escherichia coli (inactive biogroup)')).toBe('/Escherichia coli/ (inactive biogroup)');
    expect(styled('Salmonella enterica subsp. arizonae')).toBe('/Salmonella enterica/ subsp. /arizonae/');
    expect(styled('Salmonella Typhi')).toBe('/Salmonella/ Typhi');
    expect(styled('Kluyvera spp.')).toBe('/Kluyvera/ spp.');
    expect(styled('Bacillus (other species)')).toBe('/Bacillus/ (other species)');
    expect(styled('Coagulase-negative staphylococci')).toBe('Coagulase-negative staphylococci');
    expect(styled('Viridans group streptococci')).toBe('Viridans group streptococci');
  });

  it('keeps every character of the name', () => {
    for (const name of ['Shigella spp. (serogroups A, B, C)', 'Edwardsiella tarda biogroup 1', 'Klebsiella pneumoniae subsp. pneumoniae']) {
      expect(taxonNameParts(name).map((p) => p.text).join('')).toBe(name);
    }
  });
});
