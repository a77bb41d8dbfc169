use comfy_table::{CellAlignment, ContentArrangement, modifiers, presets};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{Cell, Format};

/// A column: a stable snake_case `key`, used for JSON fields and CSV
/// headers, and a `header` for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// Field name in JSON and CSV. Reports and CI depend on it: never rename.
    pub key: String,
    /// Heading in terminal and Markdown tables.
    pub header: String,
}

impl Column {
    /// A column with its JSON/CSV `key` and its human `header`.
    pub fn new(key: &str, header: &str) -> Self {
        Column { key: key.to_owned(), header: header.to_owned() }
    }
}

/// Whether a [`Table`] is a list of rows or one record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// Many rows: a JSON array of objects.
    #[default]
    Rows,
    /// Exactly one row: a JSON object, and a two-column field/value table
    /// in terminal and Markdown renderings.
    Object,
}

/// A titled table of [`Cell`]s with notes, renderable in every [`Format`].
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// A stable identifier, used for file names in reports.
    pub id: String,
    /// A one-line title for people.
    pub title: String,
    /// The columns, in order.
    pub columns: Vec<Column>,
    /// The rows; each has one cell per column.
    pub rows: Vec<Vec<Cell>>,
    /// Sentences printed under the table in terminal and Markdown output:
    /// sources, discrepancies, how to read it. Not part of JSON or CSV.
    pub notes: Vec<String>,
    /// Rows, or a single record.
    pub shape: Shape,
}

impl Table {
    /// An empty table of rows.
    pub fn new(id: &str, title: &str, columns: Vec<Column>) -> Self {
        Table {
            id: id.to_owned(),
            title: title.to_owned(),
            columns,
            rows: Vec::new(),
            notes: Vec::new(),
            shape: Shape::Rows,
        }
    }

    /// A single record: `fields` are `(key, header, value)` triples.
    pub fn record(id: &str, title: &str, fields: Vec<(&str, &str, Cell)>) -> Self {
        let mut table = Table::new(id, title, Vec::new());
        let mut row = Vec::with_capacity(fields.len());
        for (key, header, value) in fields {
            table.columns.push(Column::new(key, header));
            row.push(value);
        }
        table.rows.push(row);
        table.shape = Shape::Object;
        table
    }

    /// Appends a row.
    ///
    /// # Panics
    ///
    /// If the row's length differs from the number of columns: that is a
    /// programming error, not an input error.
    pub fn push(&mut self, row: Vec<Cell>) {
        assert_eq!(row.len(), self.columns.len(), "row width must match the columns of table {}", self.id);
        self.rows.push(row);
    }

    /// The cells of the column whose key is `key`, top to bottom.
    pub fn column(&self, key: &str) -> Option<impl Iterator<Item = &Cell>> {
        let i = self.columns.iter().position(|c| c.key == key)?;
        Some(self.rows.iter().map(move |r| &r[i]))
    }

    /// Adds a note printed under the table.
    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// Renders the table in `format`. Every rendering ends with a newline.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Table => self.render_terminal(),
            Format::Markdown => self.render_markdown(),
            Format::Csv => self.render_csv(),
            Format::Json => {
                let mut json = serde_json::to_string_pretty(self).expect("cells always serialize");
                json.push('\n');
                json
            }
        }
    }

    /// Headers and rows as people see them: a record is turned on its side.
    fn human_grid(&self) -> (Vec<String>, Vec<Vec<String>>, Vec<bool>) {
        match self.shape {
            Shape::Rows => {
                let headers = self.columns.iter().map(|c| c.header.clone()).collect();
                let rows = self.rows.iter().map(|r| r.iter().map(Cell::to_string).collect()).collect();
                let numeric = (0..self.columns.len())
                    .map(|i| {
                        self.rows
                            .iter()
                            .all(|r| matches!(r[i], Cell::UInt(_) | Cell::Int(_) | Cell::Float { .. } | Cell::Null))
                    })
                    .collect();
                (headers, rows, numeric)
            }
            Shape::Object => {
                let headers = vec!["Field".to_owned(), "Value".to_owned()];
                let rows = self
                    .columns
                    .iter()
                    .zip(self.rows.first().into_iter().flatten())
                    .map(|(column, cell)| vec![column.header.clone(), cell.to_string()])
                    .collect();
                (headers, rows, vec![false, false])
            }
        }
    }

    fn render_terminal(&self) -> String {
        let (headers, rows, numeric) = self.human_grid();
        let mut table = comfy_table::Table::new();
        table
            .load_preset(presets::UTF8_FULL_CONDENSED)
            .apply_modifier(modifiers::UTF8_ROUND_CORNERS)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_header(headers);
        for row in rows {
            table.add_row(row);
        }
        for (i, is_numeric) in numeric.into_iter().enumerate() {
            if let (true, Some(column)) = (is_numeric, table.column_mut(i)) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
        let mut out = format!("{}\n{table}\n", self.title);
        for note in &self.notes {
            out.push_str(&format!("  {note}\n"));
        }
        out
    }

    fn render_markdown(&self) -> String {
        let (headers, rows, numeric) = self.human_grid();
        let escape = |s: &str| s.replace('|', "\\|").replace('\n', " ");
        let mut out = format!("**{}**\n\n", escape(&self.title));
        out.push_str(&format!("| {} |\n", headers.iter().map(|h| escape(h)).collect::<Vec<_>>().join(" | ")));
        let rule: Vec<&str> = numeric.iter().map(|&n| if n { "---:" } else { "---" }).collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
        for row in rows {
            out.push_str(&format!("| {} |\n", row.iter().map(|c| escape(c)).collect::<Vec<_>>().join(" | ")));
        }
        if !self.notes.is_empty() {
            out.push('\n');
            for note in &self.notes {
                out.push_str(&format!("- {}\n", escape(note)));
            }
        }
        out
    }

    fn render_csv(&self) -> String {
        fn field(s: &str) -> String {
            if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_owned() }
        }
        let mut out = String::new();
        let header: Vec<String> = self.columns.iter().map(|c| field(&c.key)).collect();
        out.push_str(&header.join(","));
        out.push('\n');
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|c| field(&c.text())).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out
    }
}

/// One row as a JSON object whose fields follow the column order.
struct RowObject<'a> {
    columns: &'a [Column],
    cells: &'a [Cell],
}

impl Serialize for RowObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.columns.len()))?;
        for (column, cell) in self.columns.iter().zip(self.cells) {
            map.serialize_entry(&column.key, cell)?;
        }
        map.end()
    }
}

impl Serialize for Table {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let columns = &self.columns;
        match self.shape {
            Shape::Object => {
                let cells = self.rows.first().map_or(&[][..], Vec::as_slice);
                RowObject { columns, cells }.serialize(serializer)
            }
            Shape::Rows => {
                let mut seq = serializer.serialize_seq(Some(self.rows.len()))?;
                for cells in &self.rows {
                    seq.serialize_element(&RowObject { columns, cells })?;
                }
                seq.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let mut table = Table::new("t", "Title", vec![Column::new("a_key", "A"), Column::new("b", "B, quoted")]);
        table.push(vec![Cell::from(1u8), Cell::from("x,y")]);
        table.push(vec![Cell::Null, Cell::from("say \"hi\"")]);
        table.note("a note");
        table
    }

    #[test]
    fn csv_quotes_and_nulls() {
        assert_eq!(sample().render(Format::Csv), "a_key,b\n1,\"x,y\"\n,\"say \"\"hi\"\"\"\n");
    }

    #[test]
    fn json_is_an_array_of_objects_in_column_order() {
        let value: serde_json::Value = serde_json::from_str(&sample().render(Format::Json)).unwrap();
        assert_eq!(value, serde_json::json!([{"a_key": 1, "b": "x,y"}, {"a_key": null, "b": "say \"hi\""}]));
        let text = sample().render(Format::Json);
        assert!(text.find("a_key").unwrap() < text.find("\"b\"").unwrap());
    }

    #[test]
    fn record_is_one_object() {
        let table =
            Table::record("r", "Record", vec![("pits", "Pits", Cell::from(6u8)), ("ok", "OK", Cell::from(true))]);
        let value: serde_json::Value = serde_json::from_str(&table.render(Format::Json)).unwrap();
        assert_eq!(value, serde_json::json!({"pits": 6, "ok": true}));
        assert!(table.render(Format::Table).contains("Pits"));
        assert_eq!(table.render(Format::Csv), "pits,ok\n6,yes\n");
    }

    #[test]
    fn markdown_has_header_rule_and_notes() {
        let md = sample().render(Format::Markdown);
        assert!(md.contains("| A | B, quoted |\n| ---: | --- |\n| 1 | x,y |\n| — |"), "{md}");
        assert!(md.ends_with("- a note\n"));
    }

    #[test]
    fn terminal_table_has_title_cells_and_notes() {
        let text = sample().render(Format::Table);
        assert!(text.starts_with("Title\n"));
        assert!(text.contains("x,y") && text.contains("a note"));
    }
}
