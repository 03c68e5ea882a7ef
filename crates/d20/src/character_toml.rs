//! Writing a D20 character file: the format [`Character::read`] reads
//! (`docs/content/d20-pack.md#character-files`), so that a character made
//! by a builder is saved, checked and read back exactly as a hand-written
//! file is.

use crate::attribute::Attribute;
use crate::character::{CHARACTER_FORMAT, Character};

impl Character {
    /// The character file (format [`CHARACTER_FORMAT`]); empty lists and a
    /// resistance of 0 are left out, as a player writing by hand would.
    pub fn to_toml(&self) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let list = |items: &[String]| items.iter().map(|s| q(s)).collect::<Vec<_>>().join(", ");
        let mut out = format!(
            "format = {CHARACTER_FORMAT}\nname = {}\nlevel = {}\n",
            q(&self.name),
            self.level
        );
        if !self.notes.is_empty() {
            out.push_str(&format!("notes = {}\n", q(&self.notes)));
        }
        out.push_str("\n[attributes]\n");
        for attribute in Attribute::ALL {
            out.push_str(&format!(
                "{} = {}\n",
                attribute.key(),
                self.attributes.get(attribute)
            ));
        }
        if !self.skills.is_empty() {
            out.push_str("\n[skills]\n");
            for (id, level) in &self.skills {
                out.push_str(&format!("{} = {level}\n", q(id)));
            }
        }
        if !self.weapons.is_empty() || self.armor.is_some() || !self.kits.is_empty() {
            out.push_str("\n[gear]\n");
            if !self.weapons.is_empty() {
                out.push_str(&format!("weapons = [{}]\n", list(&self.weapons)));
            }
            if let Some(armor) = &self.armor {
                out.push_str(&format!("armor = {}\n", q(armor)));
            }
            if !self.kits.is_empty() {
                let kits: Vec<String> = self
                    .kits
                    .iter()
                    .map(|(id, n)| format!("{} = {n}", q(id)))
                    .collect();
                out.push_str(&format!("kits = {{ {} }}\n", kits.join(", ")));
            }
        }
        if !self.spells.is_empty() || !self.powers.is_empty() {
            out.push_str("\n[magic]\n");
            if !self.spells.is_empty() {
                out.push_str(&format!("spells = [{}]\n", list(&self.spells)));
            }
            if !self.powers.is_empty() {
                out.push_str(&format!("powers = [{}]\n", list(&self.powers)));
            }
        }
        if self.spell_resistance != 0 || self.power_resistance != 0 {
            out.push_str(&format!(
                "\n[resistance]\nspell = {}\npower = {}\n",
                self.spell_resistance, self.power_resistance
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use nanite_core::content::SourceFile;

    use super::*;

    #[test]
    fn a_written_file_reads_back_the_same() {
        let examples = [
            include_str!("../../../examples/d20/kara.toml"),
            include_str!("../../../examples/d20/ilsa.toml"),
            include_str!("../../../examples/d20/orun.toml"),
        ];
        for text in examples {
            let (first, found) = Character::read(&SourceFile::new("a.toml", text));
            assert!(found.is_empty(), "{found}");
            let written = first.to_toml();
            let (again, found) = Character::read(&SourceFile::new("a.toml", &written));
            assert!(found.is_empty(), "{found}\n{written}");
            let strip = |mut c: Character| {
                c.lines.clear();
                c
            };
            assert_eq!(strip(first), strip(again), "{written}");
        }
    }

    #[test]
    fn names_and_notes_are_quoted() {
        let mut c = Character {
            name: "Kara \"the Blade\" Voss".into(),
            level: 1,
            notes: "line one\nline two".into(),
            ..Character::default()
        };
        c.kits.push(("healing-kit".into(), 2));
        let (back, found) = Character::read(&SourceFile::new("a.toml", c.to_toml()));
        assert!(found.is_empty(), "{found}\n{}", c.to_toml());
        assert_eq!(back.name, c.name);
        assert_eq!(back.notes, c.notes);
        assert_eq!(back.kits, c.kits);
    }
}
