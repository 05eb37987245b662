import * as yup from 'yup';

const id = yup.number().typeError('must be a number').integer('must be an integer').min(1, 'must be positive').required('is required');

/** Query of the calls that read one campaign (get, result, answers, comparison). */
export const campaignIdQuerySchema = yup.object({ id });

/** Body of create: the entity of the new campaign. */
export const createCampaignSchema = yup.object({ entityId: id });

/** Body of submit and delete. */
export const campaignIdBodySchema = yup.object({ id });

/** Body of saveAnswer: answer is an array of response ids, or null to clear. */
export const saveAnswerSchema = yup.object({
  id,
  question: id,
  answer: yup
    .array()
    .of(yup.number().strict().integer('must be integers').required())
    .nullable()
    .defined('is required (null clears the answer)')
    .strict(),
});

/** Query of getByEntity. */
export const entityQuerySchema = yup.object({ entityId: id });

/** Query of getByUser. */
export const getByUserQuerySchema = yup.object({
  nameWithProvince: yup.boolean().default(false),
  includeAllEntities: yup.boolean().default(false),
  onlySent: yup.boolean().default(false),
});
