/**
 * Words the coverage gate passes over: they carry no question of their own. Stop words are the
 * language's small words; filler words are the desk's curated list of what customers add around
 * a question (greetings, thanks, the occasion, how they feel about it).
 */

const list = (text: string) => new Set(text.trim().split(/\s+/));

export const stopWords: ReadonlySet<string> = list(`
  a about above after again against all also am an and any anyone anything are aren't as at be
  because been before being below between both but by can can't cannot could couldn't did didn't
  do does doesn't doing don't down during each either else even ever every few for from further
  had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
  himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let let's
  me mine more most much must mustn't my myself no nor not now of off on once one only or other
  others our ours ourselves out over own per same shall she she'd she'll she's should shouldn't so
  some someone something such than that that's the their theirs them themselves then there there's
  these they they'd they'll they're they've this those though through thru to too under until up
  upon us very via was wasn't we we'd we'll we're we've were weren't what what's whatever when
  when's where where's whether which while who who's whom whose why why's will with within without
  won't would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves
  u ur ya y'all gonna wanna gotta lemme kinda sorta may might many
`);

export const fillerWords: ReadonlySet<string> = list(`
  hi hello hey hiya howdy greetings morning afternoon evening good dear team folks guys everyone
  all there thanks thank thx ty cheers regards best kind kindly sincerely appreciate appreciated
  please pls plz love lovely great nice awesome amazing wonderful fantastic perfect brilliant
  excellent super cool sweet yummy delicious tasty famous favorite favourite fresh warm
  ok okay alright sure yeah yep yup hmm um uh oh ah well anyway actually really basically
  honestly literally maybe perhaps probably possibly hopefully definitely certainly quite pretty
  rather still already again soon just only even also too either
  wondering wonder wondered hoping hope hoped thinking think thought looking look planning plan
  trying try curious quick question questions ask asking asked know knowing let tell telling
  want wanted wanting need needed needing like liked would'd get getting got grab grabbing
  take taking make making made come coming came go going went stop stopping swing drop
  see seeing saw say said help helping find finding check checking able possible chance
  way ways thing things stuff lot lots bit little big small whole couple
  day days week weeks time times today tonight tomorrow weekend
  party birthday celebration event gathering meeting brunch breakfast lunch dinner picnic
  office work school church family friends friend guests guest people kids children colleagues
  coworkers neighbours neighbors husband wife partner mom mum dad son daughter kid baby
  treat surprise occasion crowd group everybody
  usual usually normally regular regularly often always sometimes
  again next last first second also plus too
  new old same different other another extra
  mine yours ours
  around roughly approximately noonish early earlier late later night sometime altogether exactly
  ideally originally simply strictly absolutely hypothetically forever anymore since far near
  inside indoors outside outdoors here large huge thin thick
  mile miles km kilometres kilometers blocks block minutes mins drive walk
  right long away soon asap instead doable feasible half quote quoted play sliced
  eat eating confirm confirming sell selling bake baking add adding place placing put bring take
  taking run talk turn expect realize realise tell told written write reply count carry pick
  visit visiting travel travelled traveled travelling traveling love adore enjoy planned manage host hosting paid answer sold
  bakery bakers baker shop store item items everything number phone email message customer
  customers service end year month bag bags
  sister brother aunt uncle daughter mother father grandma grandmother grandpa neighbour nurse
  nurses hospital ward reception retirement golf married wedding class town farm market stall
  door team staff boss clients client
  sorry lol haha yo madhouse crazy busy
`);

/**
 * Words addressed to a machine rather than to the bakery ("ignore your instructions", "admin
 * mode"): the drafter never follows them, and they ask the bakery nothing.
 */
export const instructionWords: ReadonlySet<string> = list(`
  system instruction instructions ignore ignoring override overriding mode admin administrator
  prompt prompts test testing password hidden assistant developer previous rules rule print
  reveal bot ai model
`);
