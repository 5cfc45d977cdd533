/** Items: buying (/api/shoppings/items), holding and using them (/api/my), the lex history (/v4/api/asp/lex). */
import { Hono } from 'hono';
import type { ApiEnv } from '../app-env.ts';
import { aspLex, itemShop, myItems } from './items-routes.ts';

export const itemsRoutes = new Hono<ApiEnv>()
  .route('/api/shoppings', itemShop)
  .route('/api/my', myItems)
  .route('/v4/api/asp/lex', aspLex);
