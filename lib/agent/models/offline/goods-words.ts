/** The desk's own words for baked goods: what a draft may name besides the menu's items. */

/**
 * Baked goods a customer may ask for that the menu might not have: the desk's own word list, so a
 * draft may name one ("we don't make bagels") without repeating a customer's words. Each is keyed
 * by its singular and worded in the plural a sentence uses.
 */
export const bakedGoodWords = {
  bagel: 'bagels',
  cracker: 'crackers',
  gingerbread: 'gingerbread',
  shortbread: 'shortbread',
  flatbread: 'flatbreads',
  stollen: 'stollen',
  panettone: 'panettone',
  bialy: 'bialys',
  knish: 'knishes',
  kolache: 'kolaches',
  galette: 'galettes',
  madeleine: 'madeleines',
  profiterole: 'profiteroles',
  biscotti: 'biscotti',
  croissant: 'croissants',
  baguette: 'baguettes',
  muffin: 'muffins',
  scone: 'scones',
  cake: 'cakes',
  cupcake: 'cupcakes',
  cheesecake: 'cheesecakes',
  cookie: 'cookies',
  brownie: 'brownies',
  donut: 'donuts',
  doughnut: 'doughnuts',
  danish: 'danishes',
  pie: 'pies',
  tart: 'tarts',
  eclair: 'eclairs',
  macaron: 'macarons',
  macaroon: 'macaroons',
  focaccia: 'focaccia',
  ciabatta: 'ciabatta',
  brioche: 'brioche',
  challah: 'challah',
  pretzel: 'pretzels',
  biscuit: 'biscuits',
  pastry: 'pastries',
  strudel: 'strudel',
  babka: 'babka',
  quiche: 'quiche',
  sandwich: 'sandwiches',
  pizza: 'pizzas',
  cannoli: 'cannoli',
  churro: 'churros',
  waffle: 'waffles',
  pancake: 'pancakes',
  // Kinds of a generic bread, named by the words before it.
  'hot cross bun': 'hot cross buns',
  'dinner roll': 'dinner rolls',
  'brioche bun': 'brioche buns',
  'burger bun': 'burger buns',
  'hot dog bun': 'hot dog buns',
  'bread roll': 'bread rolls',
  'banana bread': 'banana bread',
  'garlic bread': 'garlic bread',
  'white bread': 'white bread',
  'sandwich bread': 'sandwich bread',
  'whole wheat bread': 'whole wheat bread',
  'wholemeal bread': 'wholemeal bread',
  'sweet roll': 'sweet rolls',
  'sticky bun': 'sticky buns',
  'soda bread': 'soda bread',
  'corn bread': 'corn bread',
  cornbread: 'cornbread',
  pumpernickel: 'pumpernickel',
  'gingerbread cookie': 'gingerbread cookies',
  spelt: 'spelt bread',
  'spelt bread': 'spelt bread',
  'spelt loaf': 'spelt loaves',
  'spelt roll': 'spelt rolls',
  'multigrain bread': 'multigrain bread',
  'multigrain loaf': 'multigrain loaves',
  'seeded loaf': 'seeded loaves',
  'seeded roll': 'seeded rolls',
  'cinnamon roll': 'cinnamon rolls',
  'sourdough loaf': 'sourdough loaves',
  'rye roll': 'rye rolls',
} as const;

/** A baked good from the desk's word list, by its key. */
export type BakedGood = keyof typeof bakedGoodWords;

/** The single-word goods, by their singular: "croissant", "bagel". */
export const bakedGoods: ReadonlySet<string> = new Set(
  Object.keys(bakedGoodWords).filter((good) => !good.includes(' ')),
);

export function isBakedGood(key: string): key is BakedGood {
  return Object.hasOwn(bakedGoodWords, key);
}

/** Words for a kind of bread, not a particular one: "buns" alone is not "cinnamon buns". */
export const genericGoods = new Set(['bun', 'roll', 'loaf', 'bread']);

/**
 * Words that say which kind of a good ("chocolate babka", "seeded rolls"): read as part of the
 * good, so they are not left unread; the good is named by the word list's word alone.
 */
export const flavourWords: ReadonlySet<string> = new Set(
  `chocolate choc vanilla lemon raspberry blueberry strawberry apple cherry pumpkin banana carrot
  almond pecan walnut hazelnut pistachio caramel maple ginger orange poppy seed seeded plain white
  whole wheat multigrain glazed iced frosted mini jumbo coconut coffee mocha matcha cheese cream
  custard jam fruit savory savoury sweet sugar sugared powdered filled stuffed homemade fancy`
    .trim()
    .split(/\s+/),
);
