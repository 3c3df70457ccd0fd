import { Controller, HttpException, NotFoundException, ConflictException, Req, Res } from '@nestjs/common';
import { adminRoutes, type BodyOf, type ParamsOf, type ResponseOf } from '@storefront/contracts';
import { AdminActor, Route, RouteBody, RouteParams, type AdminCaller } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { PublicAccountWrite, withRetryAfter } from '../accounts/index.js';
import { audited, auditorOf } from '../admin/audit/admin-audit.js';
import { listStaff, staffMemberOf, StaffRefusal, updateStaff } from './members/staff-members.js';
import { StaffSessions } from './sessions/staff-sessions.js';
import { StaffSetup } from './setup/staff-setup.js';
import { StaffSignIn } from './sign-in/staff-sign-in.js';
import { callerMe, staffMe } from './staff-me.js';
import { replaceRecoveryCodes } from './two-factor/recovery-codes.js';

/** A staff refusal as the API answers it: 404 for someone unknown, 409 for a conflict. */
function staffHttpError(error: unknown): unknown {
  if (error instanceof StaffRefusal) return error.kind === 'not-found' ? new NotFoundException(error.message) : new ConflictException(error.message);
  return error;
}

const isRefusal = (error: unknown): boolean => (error instanceof HttpException && error.getStatus() < 500) || error instanceof StaffRefusal;

/**
 * The staff's identity over HTTP: sign-in and setup links (public, same-site writes, rate-limited),
 * the session (sign-out, everywhere, who am I, new recovery codes) and, for managers, their
 * colleagues. Thin: the work is in sign-in/, setup/, sessions/ and members/. Every write a staff
 * member or key makes here is audited.
 */
@Controller()
export class StaffController {
  constructor(
    private readonly db: DataSource,
    private readonly signIns: StaffSignIn,
    private readonly setup: StaffSetup,
    private readonly sessions: StaffSessions,
  ) {}

  @Route(adminRoutes.signIn)
  @PublicAccountWrite()
  async signIn(@RouteBody() body: BodyOf<typeof adminRoutes.signIn>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ResponseOf<typeof adminRoutes.signIn>> {
    const { staff, session } = await withRetryAfter(res, this.signIns.signIn(body, req.ip, req.headers['user-agent']));
    await this.sessions.endCurrent(req);
    this.sessions.setCookies(res, session);
    return { me: await staffMe(this.db, staff, session.expiresAt) };
  }

  @Route(adminRoutes.signOut)
  async signOut(@AdminActor() caller: AdminCaller, @Res({ passthrough: true }) res: Response): Promise<ResponseOf<typeof adminRoutes.signOut>> {
    const me = await callerMe(this.db, caller, null);
    if (caller.sessionId) await this.sessions.end(caller.sessionId);
    this.sessions.clearCookies(res);
    return { me };
  }

  @Route(adminRoutes.signOutEverywhere)
  async signOutEverywhere(@AdminActor() caller: AdminCaller, @Res({ passthrough: true }) res: Response): Promise<ResponseOf<typeof adminRoutes.signOutEverywhere>> {
    const me = await callerMe(this.db, caller, null);
    if (caller.kind === 'staff') {
      await audited(this.db, auditorOf(caller), 'staff.sign-out-everywhere', caller.name, (manager) => this.sessions.endAll(manager, caller.id), { isRefusal });
    }
    this.sessions.clearCookies(res);
    return { me };
  }

  @Route(adminRoutes.me)
  async me(@AdminActor() caller: AdminCaller, @Req() req: Request): Promise<ResponseOf<typeof adminRoutes.me>> {
    const session = caller.kind === 'staff' ? await this.sessions.signedIn(req) : undefined;
    return { me: await callerMe(this.db, caller, session?.expiresAt ?? null) };
  }

  @Route(adminRoutes.newRecoveryCodes)
  async newRecoveryCodes(@AdminActor() caller: AdminCaller): Promise<ResponseOf<typeof adminRoutes.newRecoveryCodes>> {
    if (caller.kind !== 'staff') throw new ConflictException('An API key has no recovery codes.');
    const recoveryCodes = await audited(this.db, auditorOf(caller), 'staff.recovery-codes', caller.name, (manager) => replaceRecoveryCodes(manager, caller.id), { isRefusal });
    return { recoveryCodes };
  }

  @Route(adminRoutes.setupStart)
  @PublicAccountWrite()
  setupStart(@RouteBody() { token }: BodyOf<typeof adminRoutes.setupStart>): Promise<ResponseOf<typeof adminRoutes.setupStart>> {
    return this.setup.start(token);
  }

  @Route(adminRoutes.setupComplete)
  @PublicAccountWrite()
  async setupComplete(
    @RouteBody() body: BodyOf<typeof adminRoutes.setupComplete>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ResponseOf<typeof adminRoutes.setupComplete>> {
    const done = await this.setup.complete(body, req.headers['user-agent']);
    this.sessions.setCookies(res, done.session);
    return { me: await staffMe(this.db, done.staff, done.session.expiresAt), recoveryCodes: done.recoveryCodes };
  }

  @Route(adminRoutes.listStaff)
  async listStaff(): Promise<ResponseOf<typeof adminRoutes.listStaff>> {
    return { staff: (await listStaff(this.db)).map(staffMemberOf) };
  }

  @Route(adminRoutes.createStaff)
  async createStaff(@AdminActor() caller: AdminCaller, @RouteBody() body: BodyOf<typeof adminRoutes.createStaff>): Promise<ResponseOf<typeof adminRoutes.createStaff>> {
    return audited(
      this.db,
      auditorOf(caller),
      'staff.create',
      body.email,
      async (manager, changes) => {
        try {
          const created = await this.setup.create(manager, body);
          changes.after = { email: created.staff.email, name: created.staff.name, role: created.staff.role };
          return created;
        } catch (error) {
          throw staffHttpError(error);
        }
      },
      { isRefusal },
    );
  }

  @Route(adminRoutes.updateStaff)
  async updateStaff(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { staffId }: ParamsOf<typeof adminRoutes.updateStaff>,
    @RouteBody() body: BodyOf<typeof adminRoutes.updateStaff>,
  ): Promise<ResponseOf<typeof adminRoutes.updateStaff>> {
    return audited(
      this.db,
      auditorOf(caller),
      'staff.update',
      staffId,
      async (manager, changes) => {
        try {
          const { before, after } = await updateStaff(manager, staffId, body);
          changes.before = { role: before.role, disabled: before.disabledAt !== null };
          changes.after = { role: after.role, disabled: after.disabledAt !== null };
          return { staff: staffMemberOf(after) };
        } catch (error) {
          throw staffHttpError(error);
        }
      },
      { isRefusal, targetOf: (result) => result.staff.email },
    );
  }

  @Route(adminRoutes.newSetupLink)
  async newSetupLink(@AdminActor() caller: AdminCaller, @RouteParams() { staffId }: ParamsOf<typeof adminRoutes.newSetupLink>): Promise<ResponseOf<typeof adminRoutes.newSetupLink>> {
    return audited(
      this.db,
      auditorOf(caller),
      'staff.setup-link',
      staffId,
      async (manager) => {
        try {
          return await this.setup.newLink(manager, staffId);
        } catch (error) {
          throw staffHttpError(error);
        }
      },
      { isRefusal, targetOf: (result) => result.staff.email },
    );
  }
}
