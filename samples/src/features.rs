//! The parts of the game that can be switched off ([`Features`], `--off`), and what the game
//! does instead, so that the rest plays the same game; CoreCLR runs all of them, as Mono does.
//!
//! Each switched-off feature keeps the game's rules: the natives' rule runs as C#, the ghoul's
//! place is taken by a plain monster (the one rule that does change: a ghoul halves hits), and
//! deaths inside `World.Step` are found by looking rather than by the event. A game with the
//! same features off plays to the same final state on Mono and on CoreCLR.

use cilbind::Backend;

/// The parts of the game that Rust code plays (C# → Rust calls); all on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// `Rules.Mitigate` is a native (a C# internal call implemented in Rust, `rules.rs`).
    /// Off: the game loads a build of `Arena.cs` whose `Rules.Mitigate` is the same rule in C#.
    pub natives: bool,
    /// The first monster is a ghoul, a Rust type extending `Monster` (`ghoul.rs`). Off: it is a
    /// plain monster, which takes full hits (the final state changes).
    pub ghoul: bool,
    /// A Rust closure subscribed to `World.Died` learns of deaths inside `World.Step`. Off: the
    /// game compares who is alive before and after `World.Step` (the same deaths, in the same
    /// order, since C# raises them in spawn order).
    pub died_handler: bool,
}

/// One feature, for the command line and the lines saying what is switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// [`Features::natives`].
    Natives,
    /// [`Features::ghoul`].
    Ghoul,
    /// [`Features::died_handler`].
    DiedHandler,
}

impl Feature {
    /// Every feature, in the order their lines are printed.
    pub const ALL: [Feature; 3] = [Feature::Natives, Feature::Ghoul, Feature::DiedHandler];

    /// Its name on the command line (`--off`) and in an externals file.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Natives => "natives",
            Feature::Ghoul => "ghoul",
            Feature::DiedHandler => "died-handler",
        }
    }

    /// What switching it off does to the game.
    pub fn instead(self) -> &'static str {
        match self {
            Feature::Natives => {
                "natives are off: Rules.Mitigate runs as C# (a build of Arena.cs with -define:MANAGED_RULES, \
                 the same rule)"
            }
            Feature::Ghoul => "the ghoul is off: the first monster is a plain Monster, which takes full hits",
            Feature::DiedHandler => {
                "the World.Died handler is off: deaths in World.Step are found by comparing who is alive \
                 before and after it"
            }
        }
    }

    /// Why CoreCLR cannot run it yet.
    pub fn coreclr_lacks(self) -> &'static str {
        match self {
            // Never switched off there: Rules.Mitigate is a [DllImport("__Internal")], which
            // CoreCLR binds to Rust too.
            Feature::Natives => "it runs on CoreCLR too (switched off only by --off)",
            // Never switched off there: the proxy of a Rust subclass calls Rust through function
            // pointers on CoreCLR.
            Feature::Ghoul => "it runs on CoreCLR too (switched off only by --off)",
            // Never switched off there: a Rust closure behind a C# event runs on CoreCLR too.
            Feature::DiedHandler => "it runs on CoreCLR too (switched off only by --off)",
        }
    }
}

impl Features {
    /// Everything on: the game as it plays on Mono.
    pub const ALL: Features = Features {
        natives: true,
        ghoul: true,
        died_handler: true,
    };

    /// Everything off.
    pub const NONE: Features = Features {
        natives: false,
        ghoul: false,
        died_handler: false,
    };

    /// What CoreCLR runs: everything (natives, the Rust subclass, the Rust event handler).
    pub const CORECLR: Features = Features::ALL;

    /// What `backend` can run: [`ALL`](Features::ALL) on Mono,
    /// [`CORECLR`](Features::CORECLR) on CoreCLR.
    pub fn of(backend: &Backend) -> Features {
        match backend {
            Backend::Mono => Features::ALL,
            Backend::CoreClr { .. } => Features::CORECLR,
        }
    }

    /// Whether `feature` is on.
    pub fn has(&self, feature: Feature) -> bool {
        match feature {
            Feature::Natives => self.natives,
            Feature::Ghoul => self.ghoul,
            Feature::DiedHandler => self.died_handler,
        }
    }

    /// These features with `feature` switched off.
    pub fn without(mut self, feature: Feature) -> Features {
        match feature {
            Feature::Natives => self.natives = false,
            Feature::Ghoul => self.ghoul = false,
            Feature::DiedHandler => self.died_handler = false,
        }
        self
    }

    /// The features that are off, in [`Feature::ALL`]'s order.
    pub fn off(&self) -> Vec<Feature> {
        Feature::ALL.into_iter().filter(|f| !self.has(*f)).collect()
    }
}

impl Default for Features {
    fn default() -> Features {
        Features::ALL
    }
}
