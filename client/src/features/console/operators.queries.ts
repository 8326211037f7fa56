import { queryOptions } from "@tanstack/react-query";
import type { AddOperatorInput } from "@waveform/contracts/console-operators";
import { apiRequest } from "../../lib/api/request";

const operatorsContract = () => import("@waveform/contracts/console-operators");

export const operatorsQuery = queryOptions({
  queryKey: ["console", "operators"],
  // Asked again whenever the page is opened: another admin may have changed the list.
  staleTime: 0,
  queryFn: async ({ signal }) => apiRequest((await operatorsContract()).listOperators, { signal }),
});

export const addOperator = async (body: AddOperatorInput) =>
  apiRequest((await operatorsContract()).addOperator, { body });

export const disableOperator = async (id: number) =>
  apiRequest((await operatorsContract()).disableOperator, { params: { id } });

export const resetOperatorLink = async (id: number) =>
  apiRequest((await operatorsContract()).resetOperatorLink, { params: { id } });
