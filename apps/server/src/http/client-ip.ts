import type { FastifyRequest } from 'fastify';
export const clientIp = (request: FastifyRequest): string => request.ip;
