import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const authContract = () => import("@waveform/contracts/console-auth");

export const startTotp = async () => apiRequest((await authContract()).startTotpEnrolment);

export const confirmTotp = async (body: { enrolment: string; code: string }) =>
  apiRequest((await authContract()).confirmTotpEnrolment, { body });

export const turnOffTotp = async (body: { code: string }) =>
  apiRequest((await authContract()).removeTotp, { body });
