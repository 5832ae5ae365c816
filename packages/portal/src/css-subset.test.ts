// The signed-out pages' inline stylesheet (scripts/css-subset.mjs, issue 39): a rule goes only
// when a class it needs is written nowhere in the signed-out app.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a build script in plain JavaScript, without types
import { cssSubset, wordsOf } from '../../../scripts/css-subset.mjs';

const subset = (css: string, ...texts: string[]): string => cssSubset(css, wordsOf(texts));

describe('cssSubset', () => {
  it('keeps the rules of classes the code writes, escaped or not, and drops the others', () => {
    const css =
      '.flex{display:flex}.grid{display:grid}.max-sm\\:block{display:block}' +
      '.w-\\[3\\.5rem\\]{width:3.5rem}.mt-0\\.5{margin-top:2px}';
    expect(subset(css, 'cn(`flex max-sm:block`)', '"w-[3.5rem]"')).toBe(
      '.flex{display:flex}.max-sm\\:block{display:block}.w-\\[3\\.5rem\\]{width:3.5rem}',
    );
  });

  it('keeps element, attribute and :not() rules, and every at-rule that is not a group', () => {
    const css =
      '*,:after{box-sizing:border-box}[hidden]:not(.unused){display:none}a[href$=".pdf"]{color:red}' +
      '@font-face{font-family:Inter;src:url(a.woff2)}@property --tw-x{syntax:"*";inherits:false}' +
      '@keyframes spin{to{transform:rotate(1turn)}}';
    expect(subset(css)).toBe(css);
  });

  it('filters inside @layer and @media, drops a group left empty, keeps a selector list in part', () => {
    const css =
      '/*! licence */@layer utilities{.a{color:red}@media (width>=40rem){.sm\\:b{color:blue}}' +
      '.c,.d{color:green}}@media (hover:hover){.hover\\:e:hover{color:red}}';
    expect(subset(css, 'a d')).toBe('/*! licence */@layer utilities{.a{color:red}.d{color:green}}');
  });

  it('needs every class a selector names (a group-hover rule needs its own class, not only group)', () => {
    const css = ':is(:where(.group):hover .group-hover\\:block){display:block}';
    expect(subset(css, 'group')).toBe('');
    expect(subset(css, 'group group-hover:block')).toBe(css);
  });

  it('leaves the stylesheet whole when every class is used', () => {
    const css = '@layer base{html{line-height:1.5}}@supports (color:red){.x\\/50{color:red}}';
    expect(cssSubset(css, { has: () => true })).toBe(css);
  });
});
