import { listAuditLog } from "../audit/list-audit-log";
import { auditLogQuery, auditLogSchema } from "../schemas/audit";
import {
  teamInvitationInputSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
  transferOwnershipSchema,
  updateMemberSchema,
} from "../schemas/teams";
import { changeMemberRole, getTeam, removeMember, transferOwnership } from "../teams/manage-team";
import { createInvitation } from "../users/invitations";
import { BASE_URL, MEMBER_ID, OWNER_ID, type In, type Out, SHORT_CODE, TITLE, pagination } from "./examples/story";
import { defineOperation } from "./operation";
import { memberId } from "./path-params";

/** The key's team (issue 27): its members and their roles, and the audit log. A key acts with its maker's role now. */

const owner = {
  user_id: OWNER_ID,
  email: "sam@acme-capital.com",
  name: "Sam Lee",
  role: "owner",
  joined_at: "2025-11-02T08:00:00.000Z",
} satisfies Out<typeof teamMemberSchema>;

const teamMemberExample = {
  user_id: MEMBER_ID,
  email: "alex@acme-capital.com",
  name: "Alex Kim",
  role: "admin",
  joined_at: "2025-12-01T16:20:00.000Z",
} satisfies Out<typeof teamMemberSchema>;

const teamExample = {
  team: { id: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", name: "Acme Capital" },
  members: [owner, teamMemberExample],
} satisfies Out<typeof teamSchema>;

const newOwnerExample = { ...teamMemberExample, role: "owner" } satisfies Out<typeof teamMemberSchema>;

const teamInvitationInputExample = { email: "robin@acme-capital.com", role: "member" } satisfies In<typeof teamInvitationInputSchema>;

const teamInvitationExample = {
  invitation: {
    id: "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e",
    email: "robin@acme-capital.com",
    role: "member",
    url: `${BASE_URL}/sign-up?invite=Yx7pQ2mWv9Lr4Tn8Ks3Dh6Fb`,
    expires_at: "2026-01-22T09:30:00.000Z",
  },
} satisfies Out<typeof teamInvitationSchema>;

const memberUpdateExample = { role: "admin" } satisfies In<typeof updateMemberSchema>;

const transferExample = { user_id: MEMBER_ID } satisfies In<typeof transferOwnershipSchema>;

const auditLogExample = {
  entries: [
    {
      id: "8e9f0a1b-2c3d-4e5f-9a6b-7c8d9e0f1a2b",
      action: "document.updated",
      actor: {
        type: "api_key",
        user_id: OWNER_ID,
        email: "sam@acme-capital.com",
        name: "Sam Lee",
        api_key_id: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
        api_key_name: "CRM sync",
      },
      address: "203.0.113.7",
      target: { type: "document", id: SHORT_CODE, label: TITLE },
      details: { changes: { title: { from: "Q3 deck", to: TITLE } } },
      created_at: "2026-01-17T11:45:00.000Z",
    },
  ],
  pagination: pagination(1),
} satisfies Out<typeof auditLogSchema>;

export const getKeyTeam = defineOperation({
  method: "GET",
  path: "/api/v1/team",
  operationId: "getTeam",
  summary: "The key's team and its members",
  tag: "Team",
  can: "team.read",
  response: { status: 200, description: "The team; the owner first, then admins, then members", schema: teamSchema, example: teamExample },
  handle: ({ access }) => getTeam(access),
});

export const inviteTeamMember = defineOperation({
  method: "POST",
  path: "/api/v1/team/invitations",
  operationId: "inviteTeamMember",
  summary: "Invite someone by email, as admin or member",
  description: "Admins and the owner. The `url` is shown once: an existing user opens it signed in to join; a new one signs up through it.",
  tag: "Team",
  can: "members.manage",
  body: { schema: teamInvitationInputSchema, example: teamInvitationInputExample },
  response: { status: 201, description: "The invitation, with its link", schema: teamInvitationSchema, example: teamInvitationExample },
  errors: [400, 422],
  handle: async ({ access, body }) => {
    const input = await body();
    const { url, invitation } = await createInvitation(access, input);
    return { invitation: { id: invitation.id, email: input.email, role: input.role, url, expires_at: invitation.expiresAt.toISOString() } };
  },
});

export const updateTeamMember = defineOperation({
  method: "PATCH",
  path: "/api/v1/team/members/{user_id}",
  operationId: "updateTeamMember",
  summary: "Change a member's role",
  description:
    "Admins and the owner; `owner` is not a role to give (see /api/v1/team/transfer), and the owner's role cannot be changed here.",
  tag: "Team",
  can: "members.manage",
  params: { user_id: memberId },
  body: { schema: updateMemberSchema, example: memberUpdateExample },
  response: { status: 200, description: "The member", schema: teamMemberSchema, example: teamMemberExample },
  errors: [400, 422],
  handle: async ({ access, params, body }) => changeMemberRole(access, params.user_id, (await body()).role),
});

export const removeTeamMember = defineOperation({
  method: "DELETE",
  path: "/api/v1/team/members/{user_id}",
  operationId: "removeTeamMember",
  summary: "Remove a member (or leave, with your own user_id)",
  description: "The API keys the member made in this team are revoked at once. The owner cannot be removed.",
  tag: "Team",
  // Any member may leave (their own user_id); removing someone else takes members.manage, checked by removeMember.
  can: "team.leave",
  params: { user_id: memberId },
  response: { status: 204, description: "Removed" },
  errors: [422],
  handle: ({ access, params }) => removeMember(access, params.user_id),
});

export const transferTeamOwnership = defineOperation({
  method: "POST",
  path: "/api/v1/team/transfer",
  operationId: "transferTeamOwnership",
  summary: "Transfer ownership to another member",
  description: "The owner only; the previous owner stays on as an admin.",
  tag: "Team",
  can: "team.transfer",
  body: { schema: transferOwnershipSchema, example: transferExample },
  response: { status: 200, description: "The new owner", schema: teamMemberSchema, example: newOwnerExample },
  errors: [400, 422],
  notFound: "Member",
  handle: async ({ access, body }) => transferOwnership(access, (await body()).user_id),
});

export const listTeamAuditLog = defineOperation({
  method: "GET",
  path: "/api/v1/audit-log",
  operationId: "listAuditLog",
  summary: "Who changed what in the team, newest first",
  description:
    "Admins and the owner. Every change to the team's documents, links, API keys, webhook, members, invitations and settings, by the member (and the key, through the API) and the address it came from.",
  tag: "Team",
  can: "audit.read",
  query: auditLogQuery,
  response: { status: 200, description: "The entries and their pagination", schema: auditLogSchema, example: auditLogExample },
  errors: [400],
  handle: ({ access, query }) => listAuditLog(access.teamId, query),
});

export const TEAM_OPERATIONS = [getKeyTeam, inviteTeamMember, updateTeamMember, removeTeamMember, transferTeamOwnership, listTeamAuditLog];
