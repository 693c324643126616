/**
 * Full-cost hashes (lib/auth/password-hash.ts's production parameters) of the test accounts'
 * passwords, each made once with hashPassword. ensureUser writes the stored one instead of
 * hashing again in the test's process (about half a second of processor a user, more on a
 * busy machine); every sign-in still costs the server a full check. A password not listed is
 * hashed as before, so a changed password only loses the saving.
 */
export const storedPasswordHashes: Readonly<Record<string, string>> = {
  'Proof the rye at dawn':
    '$scrypt$n=131072,r=8,p=1$VipN7huaCWhEUdhcPfoulQ==$6ZJU0jqVO3j1WyNstWSN6NIiEv07GgpjwqbKJNjeyQc=',
  'Crumb and crust 42':
    '$scrypt$n=131072,r=8,p=1$+IBTknrosno0+2gFpHGEOQ==$xKknXthF5ldWiMZK+eXr1AWOYBQuAvD2wdiGF0oYvL0=',
  'Sesame changing-password seeds 7':
    '$scrypt$n=131072,r=8,p=1$u2DVHIwK37WKAotPQFz1eA==$aDAZRYLtHp7uxwCwjiJA/eEgustiDlRaKECAJDr+eEg=',
  'Sesame signing-out seeds 7':
    '$scrypt$n=131072,r=8,p=1$FGo3TS9ze3ARFTzpsDwjWw==$GDlB8cnfEWH9zv8RyWwga5CLnaNGCHl72ZuMd2UogqQ=',
  'Sesame two-factor-owner seeds 7':
    '$scrypt$n=131072,r=8,p=1$2PNTj6oYpOz3pOBzg7KeLA==$dT3XN9e9KaFXosPuzS2g6SWjJ43lxiVAMyX2rN6mO+Y=',
  'Sesame leaving-staff seeds 7':
    '$scrypt$n=131072,r=8,p=1$wjas3wt+aWX+TDrPSsGjwg==$BxgS84L5n1f5m1PGQCvm/x0+qoQEZLikGyXQuiW/FIw=',
  'Sesame colleague-at-second-desk seeds 7':
    '$scrypt$n=131072,r=8,p=1$Om2nQVTUzWM698WrTVlqyQ==$4QwpyNjHPHzYB9TBszrwvZUYSuJaTtRya0gDu5TOHoo=',
};
