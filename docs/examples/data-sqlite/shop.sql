-- The example's database: `node make-db.ts` turns this into shop.db.
CREATE TABLE products (
  sku TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  summary TEXT NOT NULL,
  price_pence INTEGER NOT NULL,
  notes TEXT
);
INSERT INTO products VALUES
  ('kettle', 'The Kettle', 'A kettle that boils.', 3950, 'Boils a litre in **two minutes**.'),
  ('toaster', 'The Toaster', 'A toaster that toasts.', 2400, NULL),
  ('teapot', 'The Teapot', 'A teapot that pours.', 1800, 'Holds four cups.');
