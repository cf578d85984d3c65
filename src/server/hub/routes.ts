import { hubResponse } from '../../domain/hub';
import { createRouter, json, requireUser, route } from '../http/router';
import { playerHub } from './service';

/** The signed-in home's hub (issue 13), mounted under /api/leagues before a league's routes. */
export const hubRoutes = createRouter().openapi(
  route({
    method: 'get',
    path: '/hub',
    summary:
      "The signed-in home's hub: each team's rank and movement, next deadline and missing picks, and the latest results with their points",
    responses: { 200: json(hubResponse) },
  }),
  async (c) => {
    const services = c.get('services');
    return c.json(await playerHub(services, requireUser(c), services.now()), 200);
  },
);
