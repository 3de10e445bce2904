import { describe, expect, it } from 'vitest';
import { mailboxKeyOf } from './mailbox-key.js';

describe('mailboxKeyOf', () => {
  it.each([
    ['mari@example.ee', 'mari@example.ee'],
    ['  Mari@Example.EE ', 'mari@example.ee'],
    ['mari+1@example.ee', 'mari@example.ee'],
    ['mari+promo+2@example.ee', 'mari@example.ee'],
    ['mari@example.ee.', 'mari@example.ee'],
    ['Mari.Maasikas+x@GMail.com', 'marimaasikas@gmail.com'],
    ['m.a.r.i@googlemail.com', 'mari@gmail.com'],
    ['mari.maasikas@example.ee', 'mari.maasikas@example.ee'],
    ['mari@näidis.ee', 'mari@xn--nidis-gra.ee'],
    ['mari@XN--NIDIS-GRA.ee', 'mari@xn--nidis-gra.ee'],
    ['+mari@example.ee', '+mari@example.ee'],
  ])('%s is the mailbox %s', (address, key) => {
    expect(mailboxKeyOf(address)).toBe(key);
  });
});
