// The signed-out pages' inline stylesheet (scripts/css-subset.mjs, issue 39): a rule goes only
// when a class it needs is written nowhere in the signed-out app. The class names here are no
// Tailwind utilities: Tailwind scans this file too and would make rules of them.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a build script in plain JavaScript, without types
import { cssSubset, wordsOf } from '../../../scripts/css-subset.mjs';

const subset = (css: string, ...texts: string[]): string => cssSubset(css, wordsOf(texts));

describe('cssSubset', () => {
  it('keeps the rules of classes the code writes, escaped or not, and drops the others', () => {
    const css =
      '.kept{order:1}.gone{order:2}.on\\:kept{order:3}' +
      '.kept-\\[3\\.5\\]{order:4}.gone-0\\.5{order:5}';
    expect(subset(css, 'cn(`kept on:kept`)', '"kept-[3.5]"')).toBe(
      '.kept{order:1}.on\\:kept{order:3}.kept-\\[3\\.5\\]{order:4}',
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
      '/*! licence */@layer utilities{.a{color:red}@media (width>=40rem){.on\\:b{color:blue}}' +
      '.c,.d{color:green}}@media (hover:hover){.on\\:e:hover{color:red}}';
    expect(subset(css, 'a d')).toBe('/*! licence */@layer utilities{.a{color:red}.d{color:green}}');
  });

  it('needs every class a selector names (a group-hover rule needs its own class, not only group)', () => {
    const css = ':is(:where(.group):hover .group-on\\:kept){order:1}';
    expect(subset(css, 'group')).toBe('');
    expect(subset(css, 'group group-on:kept')).toBe(css);
  });

  it('leaves the stylesheet whole when every class is used', () => {
    const css = '@layer base{html{line-height:1.5}}@supports (color:red){.kept\\/50{color:red}}';
    expect(cssSubset(css, { has: () => true })).toBe(css);
  });
});
