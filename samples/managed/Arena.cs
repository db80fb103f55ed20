// The sample's game: a small arena simulation with the kind of API a game engine exposes to
// scripts. samples/build.rs compiles it with mcs and generates Rust bindings for it; the Rust
// side (samples/src/lib.rs) drives it tick by tick.
//
// Everything is deterministic from the World's seed: the only randomness is World's xorshift32
// generator, and samples/tests/final_state.rs re-implements every rule below in plain Rust to
// check the sample's final state. Keep the two in step when a rule changes.
//
// Rules.Mitigate is a native: declared here as an internal call and implemented in Rust
// (samples/src/rules.rs), which installs it before any of this code runs; a build of this file
// with a native Rust does not implement is refused at start-up, listing what is missing.
//
// The first monster is a ghoul: a Rust type extending Monster (samples/src/ghoul.rs), whose
// overrides of Damage and Describe C# calls like any other monster's.
//
// World.Died is raised whenever an entity's health reaches zero; the Rust side subscribes a
// closure to it (a cilbind::Callback, through the generated `add_died`) and learns of deaths
// inside World.Step (burning) that way.
//
// The sample's --reload demonstration (samples/src/reload.rs) edits Player.AttackDamage in this
// file's text, recompiles it with mcs and hot-reloads it mid-game; a new build starts with no
// objects, so the Rust side rebuilds the world from a snapshot of the old one, through
// World.Resume, World.RandomState and Entity.RestoreHealth (which the normal game never calls).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Arena
{
    public enum Team : byte { Neutral = 0, Red = 1, Blue = 2 }

    [Flags]
    public enum EntityFlags : int
    {
        None = 0,
        Alive = 1,
        // Set by Rust when a player's shot lands; a burning monster loses health on its next Update.
        Burning = 2,
        // A monster that has a player in sight and walks toward it.
        Hunting = 4,
    }

    // A full struct: plain floats, so it crosses to Rust by value (never boxed).
    public struct Vector3
    {
        public float X, Y, Z;
        public static readonly Vector3 Zero = new Vector3(0, 0, 0);
        // The direction an entity with the identity rotation faces.
        public static readonly Vector3 Forward = new Vector3(0, 0, 1);

        public Vector3(float x, float y, float z) { X = x; Y = y; Z = z; }

        public static Vector3 Add(Vector3 a, Vector3 b) { return new Vector3(a.X + b.X, a.Y + b.Y, a.Z + b.Z); }
        public static Vector3 Sub(Vector3 a, Vector3 b) { return new Vector3(a.X - b.X, a.Y - b.Y, a.Z - b.Z); }
        public static Vector3 Scale(Vector3 v, float k) { return new Vector3(v.X * k, v.Y * k, v.Z * k); }
        public static Vector3 Cross(Vector3 a, Vector3 b)
        {
            return new Vector3(a.Y * b.Z - a.Z * b.Y, a.Z * b.X - a.X * b.Z, a.X * b.Y - a.Y * b.X);
        }
        public float Dot(Vector3 o) { return X * o.X + Y * o.Y + Z * o.Z; }
        public float SqrMagnitude { get { return Dot(this); } }
        public float Magnitude { get { return (float)Math.Sqrt(SqrMagnitude); } }
        // The unit vector along this one; Zero for (almost) zero vectors instead of NaNs.
        public Vector3 Normalized()
        {
            float m = Magnitude;
            return m > 1e-6f ? Scale(this, 1f / m) : Zero;
        }
        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "({0:F2}, {1:F2}, {2:F2})", X, Y, Z);
        }
    }

    // A full struct too: a rotation as a unit quaternion. The game only turns about the up (Y) axis.
    public struct Quaternion
    {
        public float X, Y, Z, W;
        public static readonly Quaternion Identity = new Quaternion(0, 0, 0, 1);

        public Quaternion(float x, float y, float z, float w) { X = x; Y = y; Z = z; W = w; }

        // A rotation of `degrees` about the up axis (positive turns +Z toward +X).
        public static Quaternion FromYaw(float degrees)
        {
            double half = degrees * Math.PI / 360.0;
            return new Quaternion(0, (float)Math.Sin(half), 0, (float)Math.Cos(half));
        }

        // The yaw that turns Vector3.Forward toward `direction` (its Y is ignored).
        public static Quaternion LookAlong(Vector3 direction)
        {
            return FromYaw((float)(Math.Atan2(direction.X, direction.Z) * 180.0 / Math.PI));
        }

        // The Hamilton product: the rotation `b` followed by `a`.
        public static Quaternion Multiply(Quaternion a, Quaternion b)
        {
            return new Quaternion(
                a.W * b.X + a.X * b.W + a.Y * b.Z - a.Z * b.Y,
                a.W * b.Y - a.X * b.Z + a.Y * b.W + a.Z * b.X,
                a.W * b.Z + a.X * b.Y - a.Y * b.X + a.Z * b.W,
                a.W * b.W - a.X * b.X - a.Y * b.Y - a.Z * b.Z);
        }

        // Rotates v: v + w t + q x t, where t = 2 (q x v) and q is the vector part.
        public Vector3 Rotate(Vector3 v)
        {
            var q = new Vector3(X, Y, Z);
            var t = Vector3.Scale(Vector3.Cross(q, v), 2f);
            return Vector3.Add(Vector3.Add(v, Vector3.Scale(t, W)), Vector3.Cross(q, t));
        }

        // The yaw in degrees, in (-180, 180]: for display. (q and -q are the same rotation,
        // so 2 atan2(Y, W) alone spans (-360, 360].)
        public float Yaw
        {
            get
            {
                double degrees = 2.0 * Math.Atan2(Y, W) * 180.0 / Math.PI;
                if (degrees > 180.0) degrees -= 360.0;
                else if (degrees <= -180.0) degrees += 360.0;
                return (float)degrees;
            }
        }
    }

    // Like Unity's RaycastHit: a struct that refers to an object (the entity hit), so it is a
    // "managed struct" to Rust: held through a handle, read through field getters.
    public struct RaycastHit
    {
        public Vector3 Point;
        public float Distance;
        public Entity Entity;
    }

    // Combat rules the host (Rust) implements.
    public static class Rules
    {
        // What a hit of `amount` takes from an entity wearing `armor`: armor absorbs part of
        // every hit, but a hit always does at least 1.
#if MANAGED_RULES
        // The build for a runtime the natives do not reach yet (samples/build.rs compiles it with
        // -define:MANAGED_RULES): the same rule as Rust's, in C#.
        public static int Mitigate(int amount, int armor) { return Math.Max(1, amount - armor); }
#else
        // Declared as a symbol of the host process, the form both Mono and CoreCLR bind to a
        // Rust implementation (a [MethodImpl(InternalCall)] would bind on Mono only).
        [DllImport("__Internal")]
        public static extern int Mitigate(int amount, int armor);
#endif
    }

    public abstract class Entity
    {
        // Every entity is a sphere of this radius to raycasts.
        public const float Radius = 0.5f;

        int health;

        protected Entity(int id, string name, Team team, Vector3 position, int maxHealth)
        {
            Id = id;
            Name = name;
            Team = team;
            Position = position;
            Rotation = Quaternion.Identity;
            MaxHealth = maxHealth;
            health = maxHealth;
            Flags = EntityFlags.Alive;
        }

        public int Id { get; private set; }
        public string Name { get; private set; }
        public Team Team { get; private set; }
        public Vector3 Position { get; private set; }
        public Quaternion Rotation { get; set; }
        public EntityFlags Flags { get; set; }
        public int MaxHealth { get; private set; }
        public int Health { get { return health; } }
        public bool IsAlive { get { return health > 0; } }
        // The direction the entity faces.
        public Vector3 Forward { get { return Rotation.Rotate(Vector3.Forward); } }

        // Distance covered per tick.
        public abstract float Speed { get; }
        // Damage dealt per attack.
        public abstract int Attack { get; }
        // How far the attack reaches.
        public abstract float Range { get; }
        public abstract string Describe();

        // Moves by `delta`, clamped to the arena (|X|, |Z| <= World.HalfSize).
        public void Move(Vector3 delta)
        {
            var p = Vector3.Add(Position, delta);
            Position = new Vector3(Clamp(p.X), p.Y, Clamp(p.Z));
        }

        static float Clamp(float v) { return Math.Max(-World.HalfSize, Math.Min(World.HalfSize, v)); }

        // Damaging a dead entity is the caller's bug (its targeting is stale), so it throws
        // rather than silently doing nothing: the Rust side receives it as an error value.
        public virtual void Damage(int amount)
        {
            if (health <= 0) throw new InvalidOperationException(Name + " is already dead");
            TakeDamage(amount);
        }

        protected void TakeDamage(int amount)
        {
            health = Math.Max(0, health - amount);
            if (health == 0)
            {
                Flags = EntityFlags.None;
                if (World != null) World.RaiseDied(this);
            }
        }

        // The world that spawned the entity (raises its Died event).
        internal World World;

        protected void Heal(int amount) { health = Math.Min(MaxHealth, health + amount); }

        // Puts back the health saved from an earlier build of the game (hot reload), clamped to
        // [0, MaxHealth]; unlike damage it raises nothing and leaves Flags alone.
        public void RestoreHealth(int value) { health = Math.Max(0, Math.Min(MaxHealth, value)); }

        // Called by World.Step once per tick for every living entity.
        public virtual void Update(World world) { }
    }

    public class Player : Entity
    {
        public Player(int id, string name, Vector3 at) : base(id, name, Team.Blue, at, 100) { }

        // Damage of a player's shot, before the target's armor (the rule --reload changes).
        public const int AttackDamage = 25;

        public int Score { get; set; }
        public override float Speed { get { return 1.5f; } }
        public override int Attack { get { return AttackDamage; } }
        public override float Range { get { return 6f; } }
        public override string Describe() { return "Player " + Name + " (score " + Score + ")"; }

        // Players regenerate one point of health per tick.
        public override void Update(World world) { Heal(1); }
    }

    // Not sealed: the sample's ghoul is a Rust type that extends it (samples/src/ghoul.rs).
    public class Monster : Entity
    {
        public Monster(int id, string name, Vector3 at, int armor) : base(id, name, Team.Red, at, 80)
        {
            Armor = armor;
        }

        public int Armor { get; private set; }
        public override float Speed { get { return 1.25f; } }
        public override int Attack { get { return 15; } }
        public override float Range { get { return 2.5f; } }
        public override string Describe() { return "Monster " + Name + " (armor " + Armor + ")"; }

        // Armor absorbs part of every hit (the rule is Rust's: Rules.Mitigate).
        public override void Damage(int amount) { base.Damage(Rules.Mitigate(amount, Armor)); }

        // Burning costs 3 health (armor does not help) and then goes out.
        public override void Update(World world)
        {
            if ((Flags & EntityFlags.Burning) != 0)
            {
                Flags &= ~EntityFlags.Burning;
                TakeDamage(3);
            }
        }
    }

    public class World
    {
        // Half the arena's side: positions stay within [-HalfSize, HalfSize] on X and Z.
        public const float HalfSize = 12f;

        readonly List<Entity> entities = new List<Entity>();
        // A log of boxed values (scores as Int32, teams as Team): anything goes into a List<object>.
        readonly List<object> log = new List<object>();
        uint rng;

        public World(uint seed) { rng = seed != 0 ? seed : 0x9E3779B9u; }

        public int Tick { get; private set; }

        // The generator's state: with the tick, what World.Resume needs to go on exactly where
        // this world is (hot reload).
        public uint RandomState { get { return rng; } }

        // Makes this (new, empty-clocked) world continue a saved one: its clock and generator
        // state. The entities are spawned again by the caller, in their original order.
        public void Resume(int tick, uint randomState)
        {
            Tick = tick;
            rng = randomState != 0 ? randomState : 0x9E3779B9u;
        }

        // Raised when an entity's health reaches zero, whatever killed it.
        public event Action<Entity> Died;
        internal void RaiseDied(Entity e) { var handler = Died; if (handler != null) handler(e); }
        public int EntityCount { get { return entities.Count; } }
        public Entity GetEntity(int index) { return entities[index]; }

        public Player SpawnPlayer(string name, Vector3 at)
        {
            var p = new Player(entities.Count + 1, name, at);
            p.World = this;
            entities.Add(p);
            return p;
        }

        public Monster SpawnMonster(string name, Vector3 at, int armor)
        {
            var m = new Monster(entities.Count + 1, name, at, armor);
            m.World = this;
            entities.Add(m);
            return m;
        }

        // The id the next entity gets (spawn order, from 1).
        public int NextId { get { return entities.Count + 1; } }

        // Adds a monster made outside the world, with the next id: the ghoul, a Rust subclass
        // of Monster (samples/src/ghoul.rs), constructed by Rust through Monster's constructor.
        public Monster Adopt(Monster m)
        {
            if (m.Id != NextId) throw new ArgumentException("monster " + m.Name + " has id " + m.Id + ", not " + NextId);
            m.World = this;
            entities.Add(m);
            return m;
        }

        // xorshift32 (Marsaglia 2003): tiny, fast and the same on every platform.
        public uint NextRandom()
        {
            rng ^= rng << 13;
            rng ^= rng >> 17;
            rng ^= rng << 5;
            return rng;
        }

        // Uniform in [0, max) (with xorshift's negligible modulo bias).
        public int NextInt(int max) { return (int)(NextRandom() % (uint)max); }

        // Advances the clock and runs every living entity's Update, in spawn order.
        public void Step()
        {
            Tick++;
            foreach (var e in entities)
                if (e.IsAlive) e.Update(this);
        }

        public int CountAlive(Team team)
        {
            int n = 0;
            foreach (var e in entities)
                if (e.IsAlive && e.Team == team) n++;
            return n;
        }

        // Casts a ray from `origin` along the unit vector `direction` against every entity's
        // sphere except `ignore`'s, the dead included (corpses still block shots), and reports
        // the nearest hit within `maxDistance` (the first spawned on a tie).
        public bool Raycast(Vector3 origin, Vector3 direction, float maxDistance, Entity ignore, out RaycastHit hit)
        {
            hit = default(RaycastHit);
            bool found = false;
            foreach (var e in entities)
            {
                if (e == ignore) continue;
                var toCenter = Vector3.Sub(e.Position, origin);
                float along = toCenter.Dot(direction);
                if (along < 0 || along > maxDistance) continue;
                float offAxis2 = toCenter.SqrMagnitude - along * along;
                if (offAxis2 > Entity.Radius * Entity.Radius) continue;
                if (found && along >= hit.Distance) continue;
                found = true;
                hit.Point = Vector3.Add(origin, Vector3.Scale(direction, along));
                hit.Distance = along;
                hit.Entity = e;
            }
            return found;
        }

        // Every living entity of type T, in spawn order: a generic method, like Unity's
        // GetComponents<T>() (T = Entity for all of them, Player or Monster for one kind).
        public List<T> Living<T>() where T : Entity
        {
            var found = new List<T>();
            foreach (var e in entities)
            {
                var t = e as T;
                if (t != null && t.IsAlive) found.Add(t);
            }
            return found;
        }

        // The summed health of the entities whose ids are listed (ids not spawned count 0).
        public int TotalHealth(List<int> ids)
        {
            int total = 0;
            foreach (var e in entities)
                if (ids.Contains(e.Id)) total += e.Health;
            return total;
        }

        public void Log(object entry) { log.Add(entry); }
        public int LogCount { get { return log.Count; } }
        public object GetLogEntry(int index) { return log[index]; }
    }
}
